/**
 * A refiner before the parsers: decimals written with a comma, as many locales write them, become decimals with a
 * point where the comma cannot be a list or a thousands separator: after a lone 0 ("TVDI < 0,2", "the 0,9 quantile"),
 * and in a range of two such numbers whose decimals are not three digits ("lon 87,70-87,85"). "bands 4,5",
 * "3,650,000" and "520,000 to 580,000" stay as written.
 */
const LEADING_ZERO = /(?<![\d,.])0,(\d+)(?![\d,])/g
const RANGE = /(?<![\d,.])(\d{1,3}),(\d{2}|\d{4,})(\s*(?:-|–|to)\s*)(\d{1,3}),(\d{2}|\d{4,})(?![\d,])/g

export function decimalCommas(question: string): string {
  return question.replace(RANGE, (_m, a: string, b: string, sep: string, c: string, d: string) => `${a}.${b}${sep}${c}.${d}`).replace(LEADING_ZERO, '0.$1')
}
