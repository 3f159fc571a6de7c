/**
 * What each of the verifier's checks found wrong when it rejects, in plain words with no value in them: a refusal
 * says why the observation was not used without quoting the feedback, which may carry numbers of the rejected
 * observation (DESIGN section 5: no value of a rejected observation reaches the answer).
 */
const CHECK_WORDS: Readonly<Record<string, string>> = {
  provenance_statistic: 'it computes another statistic than the one asked',
  provenance_mask: 'its mask keeps other pixels than the condition asked',
  provenance_region: 'it covers another part of the image than the one asked',
  provenance_unit: 'its value is not in the unit asked',
  provenance_pooling: 'it combines the dates otherwise than asked (pooled or per date)',
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
