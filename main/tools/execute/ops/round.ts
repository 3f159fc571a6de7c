/**
 * Decimal rounding as Python's built-in round(x, digits) does it: the nearest decimal with `digits` places to the
 * exact binary value, ties (values exactly halfway, such as 0.125 or 2.5) to the even last digit. JavaScript's
 * toFixed rounds those ties away from zero (0.125 -> 0.13, 2.5 -> 3), which can flip an answer compared with a
 * Python reference. Non-tie values round identically in both (2.675 is stored just below the tie: 2.67).
 */
export function roundHalfEven(x: number, digits: number): number {
  if (!Number.isFinite(x) || Math.abs(x) >= 1e21) return x
  const plain = x.toFixed(digits)
  // toFixed(100) is the exact decimal expansion of the double to 100 places: a tie ends in 5 at place digits + 1.
  const exact = Math.abs(x).toFixed(100)
  const dot = exact.indexOf('.')
  const rest = exact.slice(dot + 1 + digits)
  if (rest[0] !== '5' || !/^0*$/.test(rest.slice(1))) return Number(plain)
  const kept = exact.slice(0, dot + 1 + digits).replace(/\.$/, '')
  const last = Number(kept[kept.length - 1])
  if (last % 2 === 0) return Math.sign(x) * Number(kept)
  return Number(plain) // odd last digit: toFixed's away-from-zero step lands on the even neighbour
}
