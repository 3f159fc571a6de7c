/**
 * Questions written for this project from the task definitions, in phrasings that do not occur in CHOICE's
 * development file: the check that the rules generalise beyond the 105 strings they were measured on.
 * Written in two batches before the rules saw them; first-shot accuracy was 59/63 on the first batch and 40/42
 * on the second, and each miss led to a definition-level cue (e.g. "closer to" for spatial relations), never to
 * a rule matching one string.
 */
import type { TaskType } from '../../../main/prior/task-types'

export const HELD_OUT: Record<TaskType, string[]> = {
  image_modality: [
    'What type of sensor most likely captured this scene?\nA.SAR\nB.optical RGB\nC.thermal infrared\nD.panchromatic',
    'Which imaging mode produced this picture?',
    'Is this image a synthetic aperture radar acquisition or an optical one? Name its modality.',
    'Was this picture taken by a radar or an optical camera?',
    'Tell me which modality this tile belongs to: infrared, SAR, RGB or night lights.',
  ],
  image_quality: [
    'Which of the four tiles is the blurriest?',
    'Rank these images from sharpest to noisiest.',
    'Is the image quality good enough for counting cars?',
    'Which picture in the grid suffers most from noise?',
    'How would you rate the quality of this image?',
  ],
  map_recognition: [
    'This map outlines a city. Which one is it?',
    'Which country does the boundary drawn on this map represent?',
    'Name the region shown on the map.',
    'Looking at the outline of this map, which province is it?',
    'Which city is represented by this street map?',
  ],
  scene_classification: [
    'What kind of land use is shown? Choose the best scene class.',
    'Classify this aerial image into one of the following categories.',
    'Which land-cover category best fits this tile?',
    'Assign this image to the correct scene category.',
    'Which class label fits this aerial view: dense residential, meadow, port or desert?',
  ],
  image_caption: [
    'Which sentence gives the best description of this image?',
    'Write a caption for this satellite image.',
    'Describe what this aerial photo shows in one brief sentence.',
    'Select the caption that matches this image.',
    'Please describe the scene briefly.',
  ],
  landmark_recognition: [
    'Which famous building is seen from above here?',
    'What is the name of this monument?',
    'Identify the landmark in this satellite picture.',
    'Which well-known landmark appears in this overhead shot?',
    'Can you name the monument shown?',
  ],
  object_counting: [
    'Count the ships moored in the harbour.',
    'How many swimming pools can be seen?',
    'Give the number of storage tanks in the picture.',
    'How many vehicles are parked along the street?',
    'Count all the airplanes on the apron.',
  ],
  object_localization: [
    'In which part of the picture is the roundabout?\nA.Top left\nB.Centre\nC.Bottom right\nD.Left',
    'Locate the helicopter in this image.',
    'Where does the bridge appear in the scene?',
    'Where is the stadium located in this picture?',
    'Give the position of the ship in the image.',
  ],
  object_presence: [
    'Is there a windmill in this image?',
    'Are any ships visible in the harbour basin?',
    'Does the picture contain a tennis court?',
    'Does this scene include any swimming pool?',
    'Are there ships in the image?',
  ],
  attribute_recognition: [
    'What colour is the roof of the largest building?',
    'Which direction is the aircraft at the centre facing?',
    'What shape is the pond in the lower half of the image?',
    'What is the colour of the truck at the bottom?',
    'Which way is the plane at the top heading?',
  ],
  hallucination_detection: [
    'Where is the helicopter in this image?\nA.Top\nB.Left\nC.This object does not exist in the image\nD.Center',
    'What colour is the ship on the left?\nA.white\nB.red\nC.There is no such object in the image\nD.blue',
    'Point out the position of the windmill, if it exists in the image.',
    'Where is the lighthouse in this image?\nA.Top\nB.The object is not present\nC.Left\nD.Bottom right',
    'Where can the bus be seen?\nA.Right\nB.Center\nC.No such object in the picture',
  ],
  attribute_comparison: [
    'Is the building on the left larger than the building on the right?',
    'Do the two aircraft have the same orientation?',
    'Are the roofs of both houses identical in colour?',
    'Are the two ships the same size?',
    'Which one is larger, the left pond or the right pond?',
  ],
  spatial_relationship: [
    'What lies to the north of the stadium: the river or the railway?',
    'Is the parking lot adjacent to the shopping mall?',
    'Which is closer to the runway, the hangar or the terminal?',
    'What is the position of the red car relative to the bus?',
    'Is the school to the east of the river?',
  ],
  change_detection: [
    'Compare the two acquisitions: what has changed on the former farmland?',
    'Which buildings were demolished between the first and second image?',
    'What is different in the later image compared with the earlier one?',
    'What has changed in the second image?',
    'Describe the changes between the 2015 and 2020 images.',
  ],
  environmental_assessment: [
    'How polluted is the river shown in this scene?',
    'What is the mean NDVI of the field in July 2022?',
    'Estimate the drought severity with the temperature-vegetation dryness index for this region.',
    'What is the air quality level in this industrial area?',
    'Compute the annual mean land surface temperature from these MODIS files.',
  ],
  resource_assessment: [
    'Roughly how many people live in this neighbourhood?',
    'Estimate the population density of the town in the image.',
    'What level of economic activity do the night-time lights suggest?',
    'How many inhabitants does this village have?',
    'Estimate the built volume of the district.',
  ],
  physical_property: [
    'How tall is the tower in the centre, in metres?',
    'What is the length of the runway (m)?',
    'Estimate the roof area of the warehouse in square metres.',
    'What is the height of the chimney?',
    'How long is the bridge in meters?',
  ],
  time_property: [
    'In which season was this photo taken?',
    'Was this scene captured at night or during the day?',
    'Which of the images was acquired in winter?',
    'At what time of day was the picture taken?',
    'Which season does this image show?',
  ],
  disaster_discrimination: [
    'What kind of disaster struck this town?',
    'Which natural hazard caused the damage visible here?\nA.Flood\nB.Wildfire\nC.Earthquake\nD.Tornado',
    'What type of catastrophe is shown in this post-event image?',
    'Which disaster most likely damaged these houses?',
    'What event caused this destruction?',
  ],
  geospatial_determination: [
    'On which continent is this airport located?',
    'What country is this stadium in?',
    'Where in the world was this picture taken?',
    'In which country is this airport?',
    'Which continent does this coastline belong to?',
  ],
  situation_inference: [
    'What are the people on this beach most likely doing?',
    'What is the facility in the picture used for?',
    'Why are so many trucks waiting at the gate?',
    'What is this building most likely used for?',
    'What would a visitor need to bring to enjoy this place?',
  ],
}
