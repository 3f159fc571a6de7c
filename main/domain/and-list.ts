/** Items in words as a list ends in English: "a", "a and b", "a, b and c". */
export function andList(items: readonly (string | number)[]): string {
  const xs = items.map(String)
  return xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`
}
