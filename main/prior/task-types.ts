/**
 * The task-type set Z of the reliability prior: the 21 multiple-choice task types of the CHOICE benchmark
 * (An et al., NeurIPS 2025), as adopted by the RSure-Agent paper (section 4.3, appendix C). The ids are the ones
 * CHOICE itself writes in its `task_type` field (see ../shared/benchmarks/choice-dev.jsonl), so calibration data
 * and online classification key the same rows of the prior.
 *
 * CHOICE splits the types into two families: perception (what is visible: the image as a whole, one object, or
 * several objects and their relations) and reasoning (what follows from what is visible: environment, resources,
 * physical quantities, time, disasters, place, human situation). The definitions and answer forms below are
 * written for this project; they are what the classifier rules are derived from and what the verifier is shown.
 */
import { z } from 'zod'

export const TASK_TYPES = [
  'image_modality',
  'image_quality',
  'map_recognition',
  'scene_classification',
  'image_caption',
  'landmark_recognition',
  'object_counting',
  'object_localization',
  'object_presence',
  'attribute_recognition',
  'hallucination_detection',
  'attribute_comparison',
  'spatial_relationship',
  'change_detection',
  'environmental_assessment',
  'resource_assessment',
  'physical_property',
  'time_property',
  'disaster_discrimination',
  'geospatial_determination',
  'situation_inference',
] as const

export type TaskType = (typeof TASK_TYPES)[number]

export const TaskTypeSchema = z.enum(TASK_TYPES, {
  error: (issue) => `'${String(issue.input)}' is not one of the 21 task types (${TASK_TYPES.join(', ')})`,
})

export function isTaskType(value: unknown): value is TaskType {
  return typeof value === 'string' && (TASK_TYPES as readonly string[]).includes(value)
}

/** Which CHOICE family a type belongs to. */
export type TaskCategory = 'perception' | 'reasoning'

export interface TaskTypeInfo {
  id: TaskType
  /** Short human label for tables and the prior matrix view. */
  label: string
  category: TaskCategory
  /** What the task asks, in one or two sentences. */
  definition: string
  /** What a correct answer names or states. */
  answerForm: string
}

const info = (id: TaskType, label: string, category: TaskCategory, definition: string, answerForm: string): TaskTypeInfo => ({
  id,
  label,
  category,
  definition,
  answerForm,
})

/** Definitions and answer forms of all 21 types, in the order of `TASK_TYPES`. */
export const TASK_TYPE_INFO: Record<TaskType, TaskTypeInfo> = {
  image_modality: info(
    'image_modality',
    'Image modality',
    'perception',
    'Name the kind of sensor or imaging mode that produced the picture: true-colour optical, false-colour or multispectral composite, panchromatic, thermal infrared, synthetic aperture radar, night-time lights and the like.',
    'One modality name.',
  ),
  image_quality: info(
    'image_quality',
    'Image quality',
    'perception',
    'Judge how usable one image is, or rank several images, by sharpness, noise, blur, compression artefacts, haze or cloud, and exposure.',
    'A quality verdict, or the position/label of the best or worst image.',
  ),
  map_recognition: info(
    'map_recognition',
    'Map recognition',
    'perception',
    'Recognise which city, region or country a map or outline drawing shows, from the shape of boundaries, coastlines, rivers and road networks.',
    'A place name (city, region or country).',
  ),
  scene_classification: info(
    'scene_classification',
    'Scene classification',
    'perception',
    'Assign the whole image to one land-use or land-cover category from a given taxonomy (airport, farmland, harbour, residential, forest, ...).',
    'One scene category from the offered label set.',
  ),
  image_caption: info(
    'image_caption',
    'Image caption',
    'perception',
    'Pick or write the sentence that best describes the overall content of the image; the caption must agree with what is visible, not just with the scene name.',
    'One descriptive sentence.',
  ),
  landmark_recognition: info(
    'landmark_recognition',
    'Landmark recognition',
    'perception',
    'Identify a specific, named structure or site seen from above (a famous building, bridge, stadium, monument or park).',
    'The landmark name.',
  ),
  object_counting: info(
    'object_counting',
    'Object counting',
    'perception',
    'Count the instances of one object class visible in the image (aircraft, ships, vehicles, storage tanks, courts...).',
    'A whole number of instances.',
  ),
  object_localization: info(
    'object_localization',
    'Object localization',
    'perception',
    'Say where a named object lies within the image frame, as a coarse image region (top left, centre, bottom...) or as a box.',
    'An image region name or a bounding box.',
  ),
  object_presence: info(
    'object_presence',
    'Object presence',
    'perception',
    'Decide whether at least one instance of a named object class appears in the image.',
    'Yes or no (or a statement that it cannot be judged).',
  ),
  attribute_recognition: info(
    'attribute_recognition',
    'Attribute recognition',
    'perception',
    'Read an attribute of one referred object: its colour, shape, material, orientation or state.',
    'The attribute value (e.g. a colour name).',
  ),
  hallucination_detection: info(
    'hallucination_detection',
    'Hallucination detection',
    'perception',
    'A question presupposes an object that may not be in the image at all (typically asking where it is); the right answer may be that the object is absent, so a model must not invent it.',
    'A location or attribute if the object exists, otherwise the explicit "not in the image" option.',
  ),
  attribute_comparison: info(
    'attribute_comparison',
    'Attribute comparison',
    'perception',
    'Compare one attribute (colour, size, shape, orientation) between two or more objects in the image, e.g. whether they match or which is larger.',
    'Yes/no on sameness, or the object that has more or less of the attribute.',
  ),
  spatial_relationship: info(
    'spatial_relationship',
    'Spatial relationship',
    'perception',
    'Describe where one object lies relative to another object (direction, adjacency, containment, nearest/farthest, distance between them).',
    'A relative direction or relation, or a distance between the objects.',
  ),
  change_detection: info(
    'change_detection',
    'Change detection',
    'perception',
    'Compare two or more co-registered images of the same place taken at different times and state what changed (new construction, demolition, land-cover conversion, flooding...).',
    'A description of the change, or its extent.',
  ),
  environmental_assessment: info(
    'environmental_assessment',
    'Environmental assessment',
    'reasoning',
    'Infer the state of the environment from the image or from raster products: emissions or pollution level, vegetation vigour, drought and dryness (TVDI), land surface temperature and heat, water quality or turbidity, snow and burn indices, and their trends over time.',
    'A level or class of an environmental indicator, or its value/trend with units.',
  ),
  resource_assessment: info(
    'resource_assessment',
    'Resource assessment',
    'reasoning',
    'Estimate the human or natural resources an area holds: resident population, built volume, economic activity seen in night-time lights, cropland or water resources.',
    'An estimated quantity (people, volume, radiance...) or a level.',
  ),
  physical_property: info(
    'physical_property',
    'Physical property',
    'reasoning',
    'Estimate a physical quantity of an object or surface from the image and its ground sample distance: height, length, width, area or size, in metric units.',
    'A number with a unit (m, m², km²...).',
  ),
  time_property: info(
    'time_property',
    'Time property',
    'reasoning',
    'Infer when an image was taken from visible cues: season (snow, leaf-on/leaf-off, crop stage), time of day (shadows, lights) or the order of acquisitions.',
    'A season, time of day, date or image position.',
  ),
  disaster_discrimination: info(
    'disaster_discrimination',
    'Disaster discrimination',
    'reasoning',
    'Recognise which natural or human-made disaster produced the visible damage (flood, wildfire, earthquake, landslide, storm, volcanic eruption, explosion).',
    'A disaster type.',
  ),
  geospatial_determination: info(
    'geospatial_determination',
    'Geospatial determination',
    'reasoning',
    'Determine the geographic setting of what is shown: the country, continent, city or coordinates where a site or landmark lies.',
    'A country, continent, city or coordinate.',
  ),
  situation_inference: info(
    'situation_inference',
    'Situation inference',
    'reasoning',
    'Reason from the scene to the human situation around it: what people are likely doing there, what a facility is used for, what one would need to take part.',
    'An activity, purpose or item.',
  ),
}

/** The definitions in `TASK_TYPES` order, for prompts and the UI. */
export function taskTypeList(): TaskTypeInfo[] {
  return TASK_TYPES.map((t) => TASK_TYPE_INFO[t])
}
