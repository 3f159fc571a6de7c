/**
 * Route simple intents (paper 003, RemoteAgent: a vision model resolves image-level questions itself and calls
 * tools only for dense, precision-critical predictions). With a backbone that sees images, a question that one look
 * at the given image(s) answers — what is in this image, what kind of scene, which sensor took it, is there a
 * harbour — becomes one perceive call planned here, without asking the planner model: `scene` mode over the options
 * when the question asks for a scene class and gives options, `evidence` mode otherwise. The call is verified like
 * any other; when it is accepted the loop ends and the answer is written from it, when it is not the planner model
 * takes over with the call and its verdict in its history. Anything quantitative (counts, areas, shares, indices,
 * distances, change, dates, numbers) or about raster files goes to the planning loop and the tools.
 */
import type { LoopEvent, PlannedCall } from '../loop-events'
import type { TaskSpec } from '../task'

/** Questions one look answers: image-level content, scene class, sensor, presence of a thing. */
const ONE_LOOK = [
  /\bwhat (?:is|can be seen|do you see|does (?:this|the) (?:image|picture|photo|scene) show)\b.*\b(?:in|on|shown|visible)\b.*\b(?:image|picture|photo|scene|tile)\b/i,
  /\bwhat (?:does|do) (?:this|these|the) (?:image|images|picture|photo|scene)s? (?:show|depict|contain)\b/i,
  /\bwhat (?:kind|type|sort) of (?:scene|place|area|landscape|region|land[\s-]?use|land[\s-]?cover|terrain|site)\b/i,
  /\bwhich (?:kind|type) of (?:scene|place|area|landscape|land[\s-]?use|land[\s-]?cover)\b/i,
  /\b(?:which|what) (?:sensor|satellite|platform|mission|imaging modality|modality)\b/i,
  /\bis (?:this|it) (?:an?|the)? ?(?:optical|sar|radar|infrared|thermal|multispectral|panchromatic|aerial|satellite)\b/i,
  /^(?:is|are) there (?:an?y? |some )?[a-z][a-z -]*\b(?:in|on|visible|shown)\b/i,
  /^(?:does|do) (?:this|the|these) (?:image|images|picture|scene)s? (?:show|contain|include)\b/i,
  /\b(?:describe|caption)\b.*\b(?:image|picture|photo|scene)\b/i,
]

/** Anything a look does not settle: quantities, measurements, indices, time, change, numbers. */
const DENSE =
  /\bhow (?:many|much|far|large|big|long|wide|high|tall)\b|\b(?:count|number of|area|percent(?:age)?|share|fraction|proportion|ratio|mean|average|median|sum|total|distance|length|width|height|density|ndvi|ndwi|ndbi|evi|savi|lst|tvdi|index|trend|time series|chang(?:e|ed|es)|between|before|after|increase|decrease|km|metres?|meters?|hectares?|pixels?|coordinates?|locate|where exactly|segment|mask|outline|boundar(?:y|ies))\b|%|\d/i

const SCENE_CLASS = /\b(?:kind|type|sort) of (?:scene|place|area|landscape|region|land[\s-]?use|land[\s-]?cover|terrain|site)\b|\bscene (?:class|category)\b/i

/** Web image formats a vision model reads (GeoTIFF bands and scene folders are raster work). */
const LOOKABLE = /\.(?:png|jpe?g|webp)$/i

/**
 * The one perceive call that answers `task` with a single look, or null when the question is not a one-look
 * question (or has raster files, or no image the model can see).
 */
export function oneLookCall(task: Pick<TaskSpec, 'question' | 'images' | 'files' | 'options'>): PlannedCall | null {
  const q = task.question.trim()
  if (task.images.length === 0 || task.files.length > 0 || !task.images.every((p) => LOOKABLE.test(p))) return null
  if (DENSE.test(q) || !ONE_LOOK.some((r) => r.test(q))) return null
  const scene = SCENE_CLASS.test(q) && task.options.length >= 2
  const args = scene
    ? { mode: 'scene', image_paths: [...task.images], label_space: task.options.map((o) => o.text.trim()), objective: q, backend: 'auto' }
    : { mode: 'evidence', image_paths: [...task.images], objective: q, backend: 'auto' }
  return { tool: 'perceive', args, callId: ROUTED_CALL_ID, purpose: 'one-look question: a single verified perceive call (paper 003 routing)' }
}

/** The call id of the routed call, by which the planner knows it in the loop's events. */
export const ROUTED_CALL_ID = 'route_one_look'

/** True when the events are exactly the routed call, and it was accepted (or passed unverified): nothing to plan. */
export function routedCallSettled(events: readonly LoopEvent[]): boolean {
  if (events.length !== 1) return false
  const [e] = events
  return (e.kind === 'accepted' || e.kind === 'unverified') && e.callId === ROUTED_CALL_ID && e.action.tool === 'perceive'
}
