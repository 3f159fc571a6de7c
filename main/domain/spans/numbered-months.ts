/**
 * A refiner before the parsers: months given by their numbers after the word "month(s)" ("the months 03, 05, 09 and
 * 11 of 2019", "month 7"), as many locales write them, are written as the lexicon's month names ("the months March,
 * May, September and November of 2019"), which the period parsers read. Numbers not led by "month" stay as written.
 */
import { MONTHS } from '../lexicon/periods'

const NUMBER = '(?:0?[1-9]|1[0-2])(?![\\d.,]\\d)'
const NUMBERED = new RegExp(`\\b(months?)\\s+(${NUMBER}(?:\\s*(?:,|and|&|\\+|/|or)\\s*${NUMBER})*)\\b(?!\\s*(?:days?|weeks?|months?|years?|%))`, 'gi')

export function numberedMonths(question: string): string {
  return question.replace(NUMBERED, (_all, word: string, list: string) => {
    const named = list.replace(/\d{1,2}/g, (n) => {
      const name = MONTHS.find((m) => m.month === Number(n))!.names[0]
      return name[0].toUpperCase() + name.slice(1)
    })
    return `${word} ${named}`
  })
}
