/**
 * Greedy CTC decoding of a PaddleOCR recogniser output [T, K]: take the best class per time step, collapse repeats,
 * drop the blank (index 0). Class i (1 ≤ i ≤ dictionary size) is dictionary entry i − 1; the last class is the space
 * PaddleOCR appends (use_space_char). The score is the mean probability of the characters kept.
 */
export interface CtcResult {
  text: string
  score: number
}

export function ctcDecode(probs: Float32Array, T: number, K: number, dict: string[], offset = 0): CtcResult {
  let text = ''
  let sum = 0
  let n = 0
  let prev = -1
  for (let t = 0; t < T; t++) {
    const base = offset + t * K
    let best = 0
    let bestP = probs[base]
    for (let k = 1; k < K; k++) {
      if (probs[base + k] > bestP) {
        bestP = probs[base + k]
        best = k
      }
    }
    if (best !== 0 && best !== prev) {
      text += best <= dict.length ? dict[best - 1] : ' '
      sum += bestP
      n++
    }
    prev = best
  }
  return { text, score: n ? sum / n : 0 }
}
