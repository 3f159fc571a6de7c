/**
 * A second held-out set for the task classifier (issue 8): 105 questions, five per task type, written from the
 * type definitions in main/prior/task-types.ts before anyone looked at the classifier's rules for this set, and
 * never to be used to change them. A rule change may be measured on this file, not tuned on it: add the phrasing
 * that taught you something to a development file instead. The accuracy measured here is the one the README reports.
 */
import type { TaskType } from '../../../main/prior/task-types'

export const HELD_OUT_2: Record<TaskType, string[]> = {
  image_modality: [
    'Which sensor family recorded this tile: radar, optical, thermal or low-light?',
    'Is this a false-colour composite or a natural-colour photo?',
    'What acquisition mode does this grey speckled image come from?',
    'Identify the imaging technique used for this picture.',
    'Was this scene captured at night by a lights sensor or during the day by an optical camera?',
  ],
  image_quality: [
    'Which of these frames is degraded the most by haze?',
    'Order the four images by how sharp they are.',
    'Does this image have compression artefacts that would hamper interpretation?',
    'Which tile has the best exposure?',
    'Is this picture too noisy to be useful?',
  ],
  map_recognition: [
    'Whose borders are drawn in this outline map?',
    'The road network on this map belongs to which city?',
    'Identify the state whose shape appears on this map.',
    'From the coastline drawn here, which island nation is it?',
    'This is a map of which administrative region?',
  ],
  scene_classification: [
    'Which category does this overhead scene belong to: harbour, farmland, stadium or forest?',
    'Label the land-use type of this image patch.',
    'What scene class is depicted here?',
    'Pick the category that describes this entire tile.',
    'Is this tile best described as industrial, residential or agricultural land?',
  ],
  image_caption: [
    'Give a one-sentence summary of what this image shows.',
    'Which of the following captions is accurate for this picture?',
    'Briefly describe the content of the satellite view.',
    'Choose the description that fits the image best.',
    'Summarise this aerial scene in a short sentence.',
  ],
  landmark_recognition: [
    'Which famous stadium is seen from above in this picture?',
    'Name the monument visible in this aerial view.',
    'What well-known bridge is shown in this image?',
    'Which iconic building appears in this satellite photo?',
    'Identify the famous park captured here.',
  ],
  object_counting: [
    'How many storage tanks can you see?',
    'Count the airplanes parked on the apron.',
    'What is the number of ships in the harbour?',
    'How many tennis courts are in this image?',
    'Tell me the total number of cars in the parking lot.',
  ],
  object_localization: [
    'In which part of the image is the swimming pool?',
    'Where in the frame is the helicopter located?',
    'Give the bounding box of the largest ship.',
    'Is the roundabout in the upper or lower half of the picture?',
    'Which corner of the image contains the bridge?',
  ],
  object_presence: [
    'Is there a wind turbine anywhere in this image?',
    'Does this scene contain any airplanes?',
    'Can a baseball field be seen in this tile?',
    'Are there any boats on the river?',
    'Does a train station appear in this picture?',
  ],
  attribute_recognition: [
    'What colour is the roof of the largest building?',
    'What shape does the pond have?',
    'Which direction is the runway oriented?',
    'What material is the surface of the court made of?',
    'What colour is the car parked next to the gate?',
  ],
  hallucination_detection: [
    'Where is the lighthouse in this image?\nA. Top left\nB. Centre\nC. Bottom right\nD. There is no lighthouse in the image',
    'In which part of the picture is the ferris wheel?\nA. Left\nB. Right\nC. The object does not appear in the image',
    'Where is the airport terminal located?\nA. North\nB. South\nC. Not present in this image',
    'What colour is the hot-air balloon above the field?\nA. Red\nB. Blue\nC. There is no balloon in the picture',
    'Where is the helipad on the roof?\nA. Upper part\nB. Lower part\nC. No helipad is visible',
  ],
  attribute_comparison: [
    'Are the two storage tanks the same size?',
    'Which of the two buildings has the larger footprint?',
    'Do the two roofs have the same colour?',
    'Is the left ship longer than the right one?',
    'Which of the three ponds is the smallest?',
  ],
  spatial_relationship: [
    'What lies directly north of the stadium?',
    'Is the parking lot to the left or to the right of the school?',
    'Which building is closest to the river?',
    'How far apart are the two bridges?',
    'Is the pool inside the courtyard or outside it?',
  ],
  change_detection: [
    'Comparing the two images, what new structures were built?',
    'What changed at this site between 2015 and 2020?',
    'Which area was converted from forest to farmland between the two acquisitions?',
    'Did the flooded area grow or shrink between the before and after images?',
    'How many buildings were demolished between the first and second image?',
  ],
  environmental_assessment: [
    'What is the mean NDVI of the region in July 2021?',
    'What share of the area had TVDI above 0.7 in 2019?',
    'How did the land surface temperature change between 2015 and 2020?',
    'Estimate the water turbidity of the lake from the red band.',
    'Is the vegetation in this field healthy or stressed?',
  ],
  resource_assessment: [
    'Roughly how many people live in this district?',
    'What is the total built volume of the city in 2020?',
    'How much did night-time light radiance increase between 2014 and 2022?',
    'Estimate the cropland area available in this county.',
    'What level of economic activity do the night lights suggest for this town?',
  ],
  physical_property: [
    'What is the length of the runway in metres?',
    'Estimate the area of the largest building roof in square metres.',
    'How tall is the tower, judging from its shadow?',
    'What is the width of the river at the bridge?',
    'How large is the football pitch in square metres?',
  ],
  time_property: [
    'In which season was this picture taken?',
    'Was this image acquired in the morning or in the afternoon, judging by the shadows?',
    'Which of the two images was taken first?',
    'Do the bare trees indicate winter or summer?',
    'At what stage of the growing season were the crops photographed?',
  ],
  disaster_discrimination: [
    'What kind of disaster damaged these houses?',
    'Was the destruction caused by an earthquake, a flood or a fire?',
    'Which hazard produced the burn scars visible here?',
    'What event left this debris across the coast?',
    'Identify the type of catastrophe shown in the image.',
  ],
  geospatial_determination: [
    'On which continent is this site located?',
    'In which country is this harbour?',
    'What city is this neighbourhood part of?',
    'Give the approximate coordinates of this airport.',
    'Which country does this desert village lie in?',
  ],
  situation_inference: [
    'What are the people at this site most likely doing?',
    'What is this facility most probably used for?',
    'What would a visitor need to bring to use this place?',
    'What activity takes place on this field at weekends?',
    'Why would so many trucks gather at this location?',
  ],
}
