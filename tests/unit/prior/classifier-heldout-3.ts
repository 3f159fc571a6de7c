/**
 * The third held-out set for the task classifier (issue 8): 105 questions, five per type, written from the type
 * definitions after the rule changes tuned on classifier-dev-2.ts and before they were measured on this file. Set 2
 * (classifier-heldout-2.ts) was measured first at 74.3 %, and its misses were seen before the development set was
 * written, so its later figure is not a clean held-out figure; this set's first measurement is. Never tune on it.
 */
import type { TaskType } from '../../../main/prior/task-types'

export const HELD_OUT_3: Record<TaskType, string[]> = {
  image_modality: [
    'Does this image come from a SAR satellite or from a multispectral one?',
    'Which sensor captured this picture of the city lights at night?',
    'Is this a panchromatic band or a colour photograph?',
    'What imaging modality does this tile represent?',
    'Was this scene recorded in thermal infrared?',
  ],
  image_quality: [
    'Which of the images is the least blurry?',
    'Rate the sharpness of this tile.',
    'Which frame is most affected by cloud and haze?',
    'Is there visible noise in this image?',
    'Which picture has the clearest detail?',
  ],
  map_recognition: [
    'What country is depicted by this map outline?',
    'Recognise the city from its street map.',
    'Which province matches the shape drawn on this map?',
    'This outline shows which continent?',
    'Name the state shown in this boundary map.',
  ],
  scene_classification: [
    'Which scene category best matches this image?',
    'Classify the land cover in this tile.',
    'Does this tile show a port, a farm, a forest or a parking lot? Choose one category.',
    'What kind of area is shown in this aerial photo?',
    'Assign a land-use label to this scene.',
  ],
  image_caption: [
    'Describe this satellite picture in one sentence.',
    'Which caption matches the image best?',
    'Provide a brief description of the scene.',
    'Select the sentence that best describes what is visible.',
    'What is a suitable caption for this photo?',
  ],
  landmark_recognition: [
    'Which famous landmark is shown in this aerial image?',
    'What is the name of this well-known bridge?',
    'Identify the monument at the centre of the picture.',
    'Which famous stadium can be seen here?',
    'Name the renowned temple in this image.',
  ],
  object_counting: [
    'How many planes are on the runway?',
    'Count the number of storage tanks in the image.',
    'What is the number of buildings in the block?',
    'How many cars are parked along the road?',
    'Tally the ships docked in the port.',
  ],
  object_localization: [
    'Where is the airplane in this image?',
    'In which part of the picture is the stadium located?',
    'Give the location of the bridge in the image.',
    'Where can the swimming pool be found in this frame?',
    'Which corner of the tile holds the parking lot?',
  ],
  object_presence: [
    'Is there a ship in this image?',
    'Are there any storage tanks in the picture?',
    'Does this image contain a tennis court?',
    'Can you see any airplanes in this scene?',
    'Is a golf course present in the image?',
  ],
  attribute_recognition: [
    'What colour is the largest ship?',
    'What is the shape of the lake?',
    'Which way is the aircraft facing?',
    'What colour are the roofs in the residential block?',
    'What type of surface does the runway have?',
  ],
  hallucination_detection: [
    'Where is the red bus?\nA. Top\nB. Bottom\nC. There is no red bus in the image',
    'In which part of the image is the volcano?\nA. Left\nB. Right\nC. The volcano is not in the picture',
    'What colour is the tent on the beach?\nA. Blue\nB. Orange\nC. No tent is visible',
    'Where is the train?\nA. Centre\nB. Edge\nC. Not present',
    'Where is the airship parked?\nA. Hangar\nB. Field\nC. The image shows no airship',
  ],
  attribute_comparison: [
    'Are the two ships the same colour?',
    'Which building is taller than the other?',
    'Which of the two lakes is larger?',
    'Do both roofs have the same shape?',
    'Is the left field bigger than the right field?',
  ],
  spatial_relationship: [
    'What is to the west of the airport?',
    'Which is nearer to the river, the school or the hospital?',
    'Is the parking lot next to the mall?',
    'How far is the bridge from the dam?',
    'What lies between the two lakes?',
  ],
  change_detection: [
    'What changed between the two images?',
    'Which buildings were constructed between 2016 and 2021?',
    'Has the lake shrunk between the first and second acquisition?',
    'Describe the changes visible after the construction work.',
    'What differs between the earlier image and the later one?',
  ],
  environmental_assessment: [
    'What was the average NDVI of the farmland in June 2020?',
    'How much did the land surface temperature rise from 2010 to 2020?',
    'What percentage of the area had TVDI above 0.6?',
    'Is the water quality of the lake good or poor?',
    'What is the trend of NDSI snow cover between 2015 and 2022?',
  ],
  resource_assessment: [
    'What is the estimated population of this town?',
    'How did the night-time light intensity of the city change from 2015 to 2020?',
    'What is the built volume of the district?',
    'How much farmland does this valley hold?',
    'What does the light radiance say about economic activity here?',
  ],
  physical_property: [
    'What is the height of the tallest building in metres?',
    'How long is the dam?',
    'What is the area of the lake in square kilometres?',
    'How wide is the road?',
    'What is the length of the pier?',
  ],
  time_property: [
    'Which season does this image show?',
    'Was the photo taken in summer or winter?',
    'At what time of day was this image captured?',
    'Which of the images was taken most recently?',
    'In which month was this image most likely acquired?',
  ],
  disaster_discrimination: [
    'What type of disaster is shown in the image?',
    'Which natural disaster caused this damage?',
    'Was this area hit by a flood or by a wildfire?',
    'What caused the destruction seen here?',
    'Which kind of hazard produced these collapsed buildings?',
  ],
  geospatial_determination: [
    'In which country is this airport located?',
    'On which continent does this city lie?',
    'Where in the world is this place?',
    'Which city is shown in this image?',
    'What are the geographic coordinates of this site?',
  ],
  situation_inference: [
    'What are the people on the beach most likely doing?',
    'What is the purpose of this facility?',
    'What would a visitor need to use this sports field?',
    'What activity is this area used for?',
    'Why is there a queue of trucks at the gate?',
  ],
}
