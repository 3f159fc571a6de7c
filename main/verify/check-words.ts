/**
 * What each of the verifier's checks found wrong when it rejects, in plain words with no value in them: a refusal
 * says why the observation was not used without quoting the feedback, which may carry numbers of the rejected
 * observation (DESIGN section 5: no value of a rejected observation reaches the answer).
 */
import { describeRoute } from './evidence-routes'
const CHECK_WORDS: Readonly<Record<string, string>> = {
  provenance_statistic: 'it computes another statistic than the one asked',
  provenance_subject: 'it takes the statistic of another variable than the one asked',
  provenance_mask: 'its mask keeps other pixels than the condition asked',
  provenance_region: 'it covers another part of the image than the one asked',
  provenance_unit: 'its value is not in the unit asked',
  provenance_pooling: 'it combines the dates otherwise than asked (pooled or per date)',
  provenance_steps: 'it takes the changes from one date to the next otherwise than asked (or takes them unasked)',
  provenance_method: 'it ran with another convention than the question names',
  provenance_unchecked: 'part of the question could not be checked against it',
  content_fill: 'the layer holds fill values that no nodata tag marks',
  content_duplicate: 'two dates hold identical pixels (a copy of another date)',
  content_scale: 'the values do not fit the stated scale of the layer',
  content_range: "values lie outside the variable's physical range",
  content_saturation: 'many pixels sit at one extreme value (saturation or fill)',
  content_constant_rows: 'rows of one constant value (a corrupt or filled block)',
  content_outlier_date: 'one date departs from the others beyond what the variable allows',
  qa_coverage: 'cloud-free data was asked but no QA mask was applied',
  registration: 'the two images are not shown to be aligned',
  threshold_method: 'the change threshold is not explained',
  changed_area: 'the change mask marks nearly the whole scene',
  corroboration: 'an independent route gave a different value',
  route: 'the second route still failed its checks',
  node_status: 'a step of the computation failed',
  output_range: 'the value lies outside the possible range',
  decision_margin: 'no option lies close to the value',
  gsd_source: 'a measurement has no ground sample distance behind it',
  geometry: 'the boxes it found are degenerate',
  fraction: 'its share is not a share (numerator and denominator disagree)',
  layer_status: 'the layer it made reports a failure',
  duplicates: 'the same object is detected twice',
  box_content: 'detections lie on featureless pixels',
  edge_fit: 'the fitted edge is poor',
  confidence: 'the detections are of low confidence',
  threshold: 'its threshold was drawn on values with no clear split',
  method: 'its method does not suit the data',
}

/** The reasons of a rejection, in words ("its mask keeps other pixels than the condition asked"); checks without words are named. */
export function rejectionWords(checks: readonly string[]): string[] {
  return [
    ...new Set(
      checks.map((c) => CHECK_WORDS[c] ?? (c.startsWith('content_') ? 'the data it read looks faulty' : `it failed the ${c.replace(/_/g, ' ')} check`)),
    ),
  ]
}

/**
 * What the verifier asked for and no call gave, in plain words with no value in them, by the key of the request
 * (finding keys of verify/policy and verify/provenance); a key without words is named.
 */
const REQUEST_WORDS: Readonly<Record<string, string>> = {
  valid_pixels: 'a layer it read has a value on too few of its pixels (under 5 %) for the statistic to be trusted',
  valid_items: 'too many of the dates gave no value',
  temporal_coverage: 'the dates used cover too little of the period asked',
  unchecked_phrase: 'part of the question could not be checked against the computation',
  mask_variable: 'the verifier could not tell which variable a mask tests',
  statistic_node: 'no step of the computation shows the statistic asked',
  qa_mask: 'no QA mask was shown for the cloud-free data asked',
  region_extent: 'the part of the image used could not be shown',
  tile_coverage: 'the tiles read do not cover the area',
  corroboration: 'no independent route confirmed the value',
  registration: 'the two images are not shown to be aligned',
  unit: 'the unit of the value could not be shown',
  node_status: 'a step of the computation did not finish',
  threshold_method: 'the change threshold is not explained',
  edge_fit: 'the fitted edge could not be shown to be good',
  confidence: 'the detections are of low confidence',
}

/** The evidence asked for, in words ("a layer it read has a value on too few of its pixels ..."). */
export function requestWords(keys: readonly string[]): string[] {
  // A targeted route in words ("the same DAG with the statistic the question asks (over_steps: mean)"), not its key.
  return [...new Set(keys.map((k) => REQUEST_WORDS[k] ?? (k.startsWith('route:') ? describeRoute(k) : k.replace(/_/g, ' '))))]
}
