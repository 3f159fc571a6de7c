/**
 * Task texts for peer benchmarks without candidate options (paper appendix B.5 describes how each benchmark's
 * sample becomes a task; the wording here is ours). The answer requirement travels inside the text, as the peers'
 * own harnesses give it to their agents. Earth-Bench tasks keep question and options apart (earthbench.ts): the
 * agent derives the answer requirement from the options itself.
 */

/** ThinkGeo: image-driven tool chains; a short concrete answer with every value, direction, count and unit asked. */
export function thinkGeoText(question: string, images: string[]): string {
  return [
    'Work out this remote-sensing task from the images given.',
    `Images: ${images.map((p) => p.split(/[\\/]/).pop()).join(', ') || 'none'}`,
    `Task: ${question.trim()}`,
    'Answer briefly and concretely, stating each value, direction, count and unit the task asks for.',
  ].join('\n')
}

/** TerraLogic: spatial analysis without options; only the number and its unit, wrapped in an Answer tag. */
export function terraLogicText(question: string, images: string[]): string {
  return [
    'Work out this spatial-analysis task on remote-sensing images; no candidate answers are given.',
    `Images: ${images.map((p) => p.split(/[\\/]/).pop()).join(', ') || 'none'}`,
    `Question: ${question.trim()}`,
    'Reply with the requested number and its unit only, as <Answer>value unit</Answer>.',
  ].join('\n')
}
