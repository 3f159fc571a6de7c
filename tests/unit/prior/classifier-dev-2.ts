/**
 * Development phrasings for the task classifier (issue 8), written from the type definitions: the set rule changes
 * may be tuned on. Held-out sets (classifier-heldout-2.ts, classifier-heldout-3.ts) are measured, never tuned on.
 */
import type { TaskType } from '../../../main/prior/task-types'

export const DEV_2: Record<TaskType, string[]> = {
  image_modality: [
    'Is this a near-infrared false colour composite?',
    'Which kind of sensor produced this speckled grey picture?',
    'Was this view recorded by a thermal camera or a visible-light camera?',
    'What type of remote sensing data is this: optical, radar or LiDAR?',
  ],
  image_quality: [
    'Which photo is the most over-exposed?',
    'Is the image sharp enough to read the road markings?',
    'Which of the tiles shows the worst stripe noise?',
    'Which picture has the poorest exposure?',
  ],
  map_recognition: [
    'Which country is outlined in red on this map?',
    'Whose coastline is drawn on this chart?',
    'The administrative borders in this drawing belong to which province?',
    'Which city does this metro map show?',
  ],
  scene_classification: [
    'Would you call this tile commercial, industrial or residential?',
    'What is the land-use class of this patch?',
    'Which scene type fits this overhead image: beach, airport or golf course?',
    'Is this area best categorised as wetland or grassland?',
  ],
  image_caption: [
    'Write one sentence summarising the picture.',
    'Which statement describes the overall content of the image?',
    'Pick the text that best fits this photo.',
    'Give a short description of the overhead view.',
  ],
  landmark_recognition: [
    'Which renowned cathedral is seen in this image?',
    'What is the name of the well-known tower in this picture?',
    'Identify the iconic stadium shown from above.',
    'Which celebrated palace appears in this satellite view?',
  ],
  object_counting: [
    'How many swimming pools are there in the neighbourhood?',
    'Count all the trucks on the highway.',
    'What is the total count of wind turbines?',
    'How many boats are moored at the pier?',
  ],
  object_localization: [
    'Is the stadium on the left side or the right side of the image?',
    'In which quadrant of the picture does the water tower stand?',
    'Give the pixel box around the white building.',
    'Where does the ferry appear in this frame?',
  ],
  object_presence: [
    'Can any helicopters be seen in this picture?',
    'Is a bridge visible in the scene?',
    'Does the tile show a roundabout?',
    'Are any vehicles parked on the street?',
  ],
  attribute_recognition: [
    'What colour are the containers on the dock?',
    'What is the shape of the central plaza?',
    'In which direction does the largest ship point?',
    'What is the roof of the warehouse made of?',
  ],
  hallucination_detection: [
    'Where is the windmill located?\nA. North-west\nB. South-east\nC. No windmill is visible',
    'What colour is the bus in the car park?\nA. Yellow\nB. White\nC. There is no bus in this image',
    'Where is the tennis court?\nA. Left\nB. Right\nC. It does not appear in the picture',
    'In which corner is the fountain?\nA. Top right\nB. Bottom left\nC. The image shows no fountain',
  ],
  attribute_comparison: [
    'Which of the two ships is longer?',
    'Are both buildings painted the same colour?',
    'Which of the four ponds is the largest?',
    'Do the two fields have the same shape?',
  ],
  spatial_relationship: [
    'What is located just east of the church?',
    'Is the car park inside the factory compound or outside it?',
    'Which road runs closest to the lake?',
    'What is the distance between the two towers?',
  ],
  change_detection: [
    'What new roads appear in the second image?',
    'Which fields were built over between the two acquisitions?',
    'Compare the before and after images: what was destroyed?',
    'How has the coastline moved between 2010 and 2020?',
  ],
  environmental_assessment: [
    'Is the crop in this field stressed or healthy?',
    'What is the median LST of the city in August 2022?',
    'How turbid is the river water in this scene?',
    'What fraction of the region had NDVI below 0.2 in 2018?',
  ],
  resource_assessment: [
    'How much cropland does this district have?',
    'Estimate the number of residents in this village.',
    'How bright are the night-time lights of the city compared with 2015?',
    'How much water is stored in the reservoir?',
  ],
  physical_property: [
    'What is the footprint area of the warehouse?',
    'How long is the bridge in metres?',
    'What is the diameter of the storage tank?',
    'How wide is the motorway?',
  ],
  time_property: [
    'Was this picture taken in the morning or the evening, judging by the shadows?',
    'Which of the images was acquired earliest?',
    'Do the leafless trees suggest that this is winter?',
    'At what time of year were these fields photographed?',
  ],
  disaster_discrimination: [
    'Was this damage caused by a landslide, a storm or a fire?',
    'What event flattened these houses?',
    'Which natural hazard left this mud across the valley?',
    'What catastrophe struck this town?',
  ],
  geospatial_determination: [
    'Which continent is this oasis on?',
    'What are the approximate latitude and longitude of this port?',
    'In which nation is this ski resort?',
    'Which city is this harbour in?',
  ],
  situation_inference: [
    'What are the crowds on this square probably doing?',
    'What is this building likely used for?',
    'What would you need to take part in the activity held here?',
    'Why are so many cars parked along this road?',
  ],
}
