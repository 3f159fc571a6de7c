/**
 * Numbers said in words, as a dictated or spoken question writes them ("above thirty degrees", "zero point three",
 * "twenty nineteen", "the fifth of July"). The span parser's number refiner (spans/number-words.ts) writes them as
 * digits before any parser reads the question.
 */

/** Words of the numbers 0-19. */
export const NUMBER_UNITS: Readonly<Record<string, number>> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
}

/** Words of the tens. */
export const NUMBER_TENS: Readonly<Record<string, number>> = {
  twenty: 20, thirty: 30, forty: 40, fourty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90,
}

/** Multipliers. */
export const NUMBER_SCALES: Readonly<Record<string, number>> = { hundred: 100, thousand: 1000, million: 1_000_000 }

/** The word between the whole part and the digits of a decimal ("zero point three"). */
export const DECIMAL_POINT_WORDS: readonly string[] = ['point', 'dot']

/** Ordinal words (compound ones are a tens word and one of these: "twenty-third", "seventy-fifth"). */
export const ORDINAL_WORDS: Readonly<Record<string, number>> = {
  first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10,
  eleventh: 11, twelfth: 12, thirteenth: 13, fourteenth: 14, fifteenth: 15, sixteenth: 16, seventeenth: 17,
  eighteenth: 18, nineteenth: 19, twentieth: 20, thirtieth: 30, fortieth: 40, fiftieth: 50, sixtieth: 60,
  seventieth: 70, eightieth: 80, ninetieth: 90,
}

/**
 * Words that take a value: a lone small number ("five", "ten") after one is that value when nothing follows it but the
 * end of the clause ("NDVI above zero.", "band five"); before a unit it is one anyway ("five percent"). Elsewhere
 * ("over two regions", "the two dates", "two thirds") it is left as written, and "one" alone always is ("at least one
 * pixel", "which one").
 */
export const NUMBER_TAKING_WORDS: readonly string[] = [
  'above', 'below', 'over', 'under', 'than', 'exceeds', 'exceed', 'exceeding', 'exceeded', 'between', 'from', 'reaching',
  'reaches', 'least', 'most', 'equals', 'minus', 'plus',
]

/** Words naming a band or a percentile by its number: a lone small number after one is always that number. */
export const NUMBERED_WORDS: readonly string[] = ['band', 'bands', 'b', 'percentile', 'channel', 'layer', 'bit', 'bits']
