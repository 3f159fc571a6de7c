/**
 * A long file name shortened in the middle, so names that differ only at the end (Landsat bands `..._B4.TIF`,
 * `..._B5.TIF`, dates) stay told apart where an end ellipsis would cut them all to the same prefix.
 */
export function middleEllipsis(name: string, max = 34): string {
  if (name.length <= max) return name
  const tail = Math.ceil((max - 1) / 2)
  return `${name.slice(0, max - 1 - tail)}…${name.slice(-tail)}`
}
