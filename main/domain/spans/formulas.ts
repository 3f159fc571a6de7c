/**
 * Band formulas the question writes out ("MSI = SWIR1 / NIR", "(B5 − B2)/(B5 + B2)", "TDVI = 1.5 × (B5 − B4) /
 * √(B5² + B4 + 0.5)", "band 5 minus band 4 over band 5 plus band 4"), read into the expression language of
 * `raster.algebra` over band keys ('nir', 'red', 'b5' ...), with the name they define when the question gives one;
 * and bands compared with each other ("green strictly greater than red"), read as a condition on their difference.
 *
 * Written here rather than with a parser library: the grammar is five rules, and what matters is where a formula
 * starts and ends inside free text (a run of formula tokens with nothing but spaces between them, its longest part
 * that parses), which no expression library decides.
 */
import { BAND_COMPARISON_FILLERS, BAND_ROLES, FORMULA_NOT_NAMES, FORMULA_WORDS, OLI_BAND_OF_ROLE } from '../lexicon/indices'
import { COMPARATORS } from '../lexicon/comparators'
import { indexBands } from './bands'
import type { ConditionSpan, FormulaSpan, Span, SpanOp } from './types'
import { longFormBefore } from './long-forms'
import { VARIABLE_RE, variableNamed, type DefinedMention } from './variables'
import { alternation, hits, overlaps } from './words'

interface Tok {
  at: number
  end: number
  /** num: a number; band: a band key; op: + - * / ^ over; ( ) sqrt squared; list: a list of bands (no formula). */
  k: 'num' | 'band' | 'op' | '(' | ')' | 'sqrt' | 'squared' | 'list'
  v: string
}

/** Role words of two letters or more ("nir", "swir1", "near infrared"); "ir" and "re" alone are too common. */
const ROLE_WORDS = BAND_ROLES.flatMap((b) => b.names).filter((n) => n.length >= 3 && n !== 'aerosol' && n !== 'thermal' && n !== 'infrared')
const TOKEN_RE = new RegExp(
  [
    // "bands 5/4", "bands 4 and 5", "Bands 10-12": a list or range of bands, which breaks a run (no formula reads through it).
    `(?<list>\\bbands?\\s*#?\\d{1,2}(?:\\s*(?:/|,|&|-|–|\\band\\b|\\bto\\b|\\bthrough\\b)\\s*\\d{1,2}\\b)+)`,
    // A numbered band with the reflectance it is read as ("band 5 TOA reflectance divided by band 4 TOA reflectance").
    `(?<nband>(?:(?<![\\w.])(?:SR_)?[Bb](\\d{1,2})(?![\\w.])|\\bbands?[\\s-]*#?(\\d{1,2})\\b)(?:\\s+(?:toa|top[\\s-]+of[\\s-]+atmosphere|surface)\\s+reflectance\\b)?)`,
    `(?<role>\\b(?:${alternation(ROLE_WORDS)}|swir[\\s-]*(?:one|two))\\b)`,
    `(?<letter>(?<![A-Za-z_.'’°′″"])(?:[RGBN]|S[12])(?![\\w'’°′″"]))`,
    `(?<word>\\b(?:${alternation(Object.keys(FORMULA_WORDS))})\\b)`,
    `(?<num>(?<![\\w.])(?:\\d+(?:\\.\\d+)?|\\.\\d+)(?:(?![\\w]|\\.\\d)|(?=(?:[RGBN]|S[12])(?![\\w]))))`,
    `(?<sym>\\*\\*|[-+*/^()[\\]×·÷−–√²])`,
  ].join('|'),
  'gi',
)

/** The band key of a role word ("NIR" -> 'nir', "swir one" -> 'swir1'), or null. */
function bandKeyOf(word: string): string | null {
  const w = word
    .toLowerCase()
    .replace(/[\s-]+one$/, '1')
    .replace(/[\s-]+two$/, '2')
    .replace(/[\s-]+/g, ' ')
  return BAND_ROLES.find((b) => b.names.some((n) => n.replace(/-/g, ' ') === w || n.replace(/[\s-]/g, '') === w.replace(/\s/g, '')))?.key ?? null
}

function tokens(q: string): Tok[] {
  const out: Tok[] = []
  for (const h of hits(q, TOKEN_RE)) {
    const g = h.m.groups ?? {}
    const at = h.at
    const end = h.end
    if (g.list) out.push({ at, end, k: 'list', v: g.list })
    else if (g.nband) out.push({ at, end, k: 'band', v: `b${Number(h.m[3] ?? h.m[4])}` })
    else if (g.role) {
      const key = bandKeyOf(g.role)
      if (key) out.push({ at, end, k: 'band', v: key })
    } else if (g.letter) {
      // Single letters in capitals only ("G/(R+G+B)", "S1"): a lower-case "b" or "n" is a word.
      if (/^(?:[RGBN]|S[12])$/.test(g.letter)) out.push({ at, end, k: 'band', v: bandKeyOf(g.letter)! })
    } else if (g.word) {
      const w = FORMULA_WORDS[g.word.toLowerCase().replace(/\s+/g, ' ')]
      if (w === '(' || w === ')' || w === 'sqrt' || w === 'squared') out.push({ at, end, k: w, v: w })
      else if (w) out.push({ at, end, k: 'op', v: w })
    } else if (g.num) out.push({ at, end, k: 'num', v: g.num.startsWith('.') ? `0${g.num}` : g.num })
    else if (g.sym) {
      const s = g.sym
      if (s === '(' || s === '[') out.push({ at, end, k: '(', v: '(' })
      else if (s === ')' || s === ']') out.push({ at, end, k: ')', v: ')' })
      else if (s === '√') out.push({ at, end, k: 'sqrt', v: 'sqrt' })
      else if (s === '²') out.push({ at, end, k: 'squared', v: 'squared' })
      else if (s === '**') out.push({ at, end, k: 'op', v: '^' })
      else out.push({ at, end, k: 'op', v: s === '×' || s === '·' ? '*' : s === '÷' ? '/' : s === '−' || s === '–' ? '-' : s })
    }
  }
  // "open bracket A close bracket divided by open bracket B close bracket plus zero point five": said between two
  // brackets, a division divides those brackets only, as written "(A)/(B) + 0.5" would (spyndex MBI); "over" with no
  // brackets around it still divides everything before by everything after.
  for (let i = 1; i + 1 < out.length; i++)
    if (out[i].k === 'op' && out[i].v === 'over' && out[i - 1].k === ')' && out[i + 1].k === '(') out[i] = { ...out[i], v: '/' }
  return out
}

/**
 * The expression of a token list in raster.algebra syntax, or null when the tokens are no whole formula. Grammar:
 * full := sum ('over' sum)*; sum := prod (('+'|'-') prod)*; prod := unary (('*'|'/') unary)*; unary := '-' unary |
 * sqrt unary | power; power := postfix ('^' unary)?; postfix := primary squared*; primary := num | band | '(' full ')'.
 */
function parseTokens(ts: readonly Tok[], afterEquals = false): string | null {
  let i = 0
  const peek = () => ts[i]
  const isOp = (v: string) => ts[i]?.k === 'op' && ts[i].v === v
  function full(): string | null {
    let a = sum()
    while (a !== null && isOp('over')) {
      i++
      const b = sum()
      a = b === null ? null : `(${a}) / (${b})`
    }
    return a
  }
  function sum(): string | null {
    let a = prod()
    while (a !== null && (isOp('+') || isOp('-'))) {
      const op = ts[i++].v
      const b = prod()
      a = b === null ? null : `${a} ${op} ${b}`
    }
    return a
  }
  function prod(): string | null {
    let a = unary()
    for (;;) {
      if (a !== null && (isOp('*') || isOp('/'))) {
        const op = ts[i++].v
        const b = unary()
        a = b === null ? null : `${a} ${op} ${b}`
      } else if (a !== null && implicit()) {
        // A number written before a band or bracket ("1.5N", "2.5 (N - R)", "2.4 red") multiplies it.
        const b = unary()
        a = b === null ? null : `${a} * ${b}`
      } else return a
    }
  }
  /** Whether the token before the current one is a number before the current band or bracket ("1.5N", "2.5 (N - R)"). */
  function implicit(): boolean {
    const prev = ts[i - 1]
    const cur = ts[i]
    if (prev?.k !== 'num' || (cur?.k !== 'band' && cur?.k !== '(')) return false
    // Spaced ("2.5 (N - R)") only inside a formula or right after "=": "above 0 (green/swir1)" is a threshold and a note.
    return cur.at === prev.end || i - 1 > 0 || afterEquals
  }
  function unary(): string | null {
    if (isOp('-')) {
      i++
      const a = unary()
      return a === null ? null : `-${a}`
    }
    if (peek()?.k === 'sqrt') {
      i++
      const a = unary()
      return a === null ? null : `sqrt(${a})`
    }
    const base = postfix()
    if (base === null || !isOp('^')) return base
    i++
    const e = unary()
    return e === null ? null : `${base} ^ ${e}`
  }
  function postfix(): string | null {
    let a = primary()
    while (a !== null && peek()?.k === 'squared') {
      i++
      a = `${a} ^ 2`
    }
    return a
  }
  function primary(): string | null {
    const t = peek()
    if (!t) return null
    if (t.k === 'num' || t.k === 'band') {
      i++
      return t.v
    }
    if (t.k === '(') {
      i++
      const a = full()
      if (a === null || peek()?.k !== ')') return null
      i++
      return `(${a})`
    }
    return null
  }
  const e = full()
  return e !== null && i === ts.length ? e : null
}

/** Whether tokens make a formula worth the name: a band, and an operator that combines (not a lone "R²" or "-B4"). */
function isFormula(ts: readonly Tok[]): boolean {
  const bands = ts.filter((t) => t.k === 'band')
  const combines = ts.some((t) => (t.k === 'op' && t.v !== '^') || t.k === 'sqrt')
  // A capital letter read as a band ("N", "R") counts only beside another band: "43°50′N–44" is a latitude.
  const letters = bands.some((t) => t.end - t.at === 1)
  return (
    bands.length >= 1 && combines && ts.filter((t) => t.k === 'band' || t.k === 'num').length >= 2 && (!letters || new Set(bands.map((t) => t.v)).size >= 2)
  )
}

/** Runs of formula tokens with only spaces between them, each cut to its longest parts that parse. */
function formulaRuns(q: string, ts: readonly Tok[]): { at: number; end: number; expr: string; bands: string[] }[] {
  const runs: Tok[][] = []
  for (const t of ts) {
    const run = runs.at(-1)
    if (run && /^\s*$/.test(q.slice(run.at(-1)!.end, t.at)) && run.length < 60) run.push(t)
    else runs.push([t])
  }
  const out: { at: number; end: number; expr: string; bands: string[] }[] = []
  for (const run of runs) {
    let s = 0
    while (s < run.length) {
      let found = false
      for (let e = run.length; e > s + 1; e--) {
        const part = run.slice(s, e)
        const expr = isFormula(part) ? parseTokens(part, /[=:]\s*$/.test(q.slice(0, part[0].at))) : null
        if (expr === null) continue
        out.push({ at: part[0].at, end: part.at(-1)!.end, expr, bands: [...new Set(part.filter((t) => t.k === 'band').map((t) => t.v))] })
        s = e
        found = true
        break
      }
      if (!found) s++
      while (s < run.length && run[s].k === 'list') s++
    }
  }
  return out
}

const ROLE_OR_LETTER = `(?:${alternation(ROLE_WORDS)}|(?<![\\w.])(?:[RGBN]|S[12])(?![\\w]))`
/** "N=B5", "NIR=band5", "with NIR the band 5", "red is band 4", "NIR: B5": which numbered band a role of the formula is. */
const ASSIGN_RE = new RegExp(`(${ROLE_OR_LETTER})\\s*(?:=|:|\\bis\\b|\\bthe\\b|\\bis\\s+the\\b)\\s*(?:the\\s+)?(?:bands?[\\s-]*#?|B)(\\d{1,2})\\b`, 'gi')

/**
 * Two bands joined by "/" or "-" beside a catalogue index whose formula they are not ("NDWI (nir/swir1)", "NDVI
 * (NIR-red)"): a list of the index's bands, not a ratio or a difference (spans/bands.ts indexBandSpans reads it).
 */
function listsBands(expr: string, name: string): boolean {
  const two = /^\(?([a-z]+\d?) ([/-]) ([a-z]+\d?)\)?$/.exec(expr)
  const ix = indexBands(name)
  if (!two || !ix) return false
  const letter = (k: string) => BAND_ROLES.find((b) => b.key === k)?.role ?? k
  return ix.formula.replace(/[\s()]/g, '') !== `${letter(two[1])}${two[2]}${letter(two[3])}`
}

/** A comparison with zero right after a formula. */
const GUARD_RE = /^\s*(?:=|==|!=|≠|<>|>|is\s+(?:zero|0)|is\s+not\s+(?:zero|0))\s*(?:0(?![\d.])|zero\b)?/i

/** The words that lead a guard ("drop px where", "skip pixels with", "only where"). */
const GUARD_LEAD =
  /(?:(?:skip|skipping|drop|dropping|exclude|excluding|ignore|ignoring|leave\s+out|leaving\s+out|omit|omitting|remove|removing)\s+(?:the\s+)?(?:px|pixels?)\s+(?:where|were|with|in\s+which)|(?:only\s+)?(?:where|with))\s+$/i

/**
 * Words that may stand between an index's name and its formula ("NDVI, i.e.", "MSI (formula:", "NLI. Formula is"),
 * the catalogue it is taken from among them ("ANDWI per spyndex =", "GEMI (spyndex):").
 */
const NAME_TO_FORMULA =
  /^[\s,;:=(]*(?:(?:i\.?e\.?|that\s+is|defined\s+as|computed\s+as|calculated\s+as|given\s+by|as|formula(?:\s+is)?|with\s+formula|(?:(?:per|from|in|according\s+to|after|following)\s+(?:the\s+)?)?(?:spyndex|awesome\s+spectral\s+indices)(?:\s+catalog(?:ue)?)?\)?|=|:)[\s,;:=(]*)*$/i
/** A name written right before "=" or ":" ("GCC = G/(R+G+B)"). */
const NAME_EQUALS = /([A-Za-z][A-Za-z0-9_-]{1,15})\s*(?:=|:)\s*$/
const NOT_NAMES = new Set(FORMULA_NOT_NAMES)

/**
 * Formula spans (and the band assignments they use), each bound to the name it defines: the index named right before
 * it, a new name written "NAME = ...", the one index the sentence names, or none ('formula').
 */
export function formulaSpans(q: string, taken: readonly { at: number; end: number }[]): Span[] {
  const out: Span[] = []
  const indexVars = hits(q, VARIABLE_RE).flatMap((h) => {
    const v = variableNamed(h.text)
    return v && v.kind === 'index' ? [{ at: h.at, end: h.end, key: v.key }] : []
  })
  const assigned = new Map<string, string>()
  for (const h of hits(q, ASSIGN_RE)) {
    const key = bandKeyOf(h.m[1])
    if (!key) continue
    assigned.set(key, `b${Number(h.m[2])}`)
    out.push({ type: 'band_assignment', at: h.at, end: h.end, text: h.text, key, band: Number(h.m[2]) })
  }
  const runs = formulaRuns(q, tokens(q)).filter((r) => !out.some((a) => overlaps(a, r)) && !taken.some((t) => overlaps(t, r)))
  let previous: FormulaSpan | null = null
  for (const r of runs) {
    const expr = r.expr.replace(/\b[a-z]+\d?\b/g, (k) => assigned.get(k) ?? k)
    const before = q.slice(0, r.at)
    const named = indexVars.filter((v) => v.end <= r.at && NAME_TO_FORMULA.test(q.slice(v.end, r.at))).at(-1)
    const written = NAME_EQUALS.exec(before)
    let name: string
    if (named) name = named.key
    else if (written && !NOT_NAMES.has(written[1].toLowerCase())) {
      const lex = variableNamed(written[1])
      name = lex ? lex.key : written[1].toLowerCase()
      const at = r.at - written[0].length
      // Its long form written right before it ("the simple ratio SR = N/R") names it too: "ratio" there is no ratio asked.
      const from = longFormBefore(q, at, name) ?? at
      if (!lex) out.push({ type: 'variable', at: from, end: at + written[1].length, text: q.slice(from, at + written[1].length), key: name, kind: 'index' })
    } else if (
      previous &&
      // Right after another formula: the same one in other words ("N/R, i.e. B5/B4", "N/R (band 5 divided by band 4)").
      (/^\s*(?:,|;|\(|i\.?e\.?|that\s+is|or|=)[\s,;(]*(?:i\.?e\.?[\s,]*)?$/i.test(q.slice(previous.end, r.at)) ||
        (/^\s*$/.test(q.slice(previous.end, r.at)) && q[r.at] === '('))
    )
      name = previous.name
    else {
      const sentenceStart = Math.max(before.lastIndexOf('. '), before.lastIndexOf('? '), before.lastIndexOf('\n'))
      const inSentence = indexVars.filter((v) => v.at > sentenceStart && v.end <= r.at)
      const onlyOne = new Set(indexVars.map((v) => v.key)).size === 1 ? indexVars : []
      name = (inSentence.at(-1) ?? onlyOne[0])?.key ?? 'formula'
    }
    if (listsBands(expr, name)) continue
    // "skip px where nir+red = 0", "(NIR + red > 0)": a formula compared with zero guards another's denominator.
    const guard = GUARD_RE.exec(q.slice(r.end))
    const lead = guard ? GUARD_LEAD.exec(q.slice(0, r.at)) : null
    const end = r.end + (guard ? guard[0].length : 0)
    const at = r.at - (lead ? lead[0].length : 0)
    const span: FormulaSpan = { type: 'formula', at, end, text: q.slice(at, end), expr, name, ...(guard ? { guard: true } : {}) }
    out.push(span)
    // A formula with no name is the variable itself ("the mean of (B5 - B4)/(B5 + B4)").
    if (name === 'formula' && !guard) out.push({ type: 'variable', at: r.at, end: r.end, text: span.text, key: name, kind: 'index' })
    previous = span
  }
  return out
}

/**
 * Where the question names the variables its written formulas define: each formula (not a guard) and each whole-word
 * mention of a name the lexicon does not know ("SR = band 5 / band 4 ... condition: SR > 3"), for the condition
 * parser to bind a threshold with no variable of its own to the nearest (spans/variables.ts variableBefore).
 */
export function definedMentions(q: string, spans: readonly Span[]): DefinedMention[] {
  const formulas = spans.filter((s): s is FormulaSpan => s.type === 'formula' && !s.guard)
  const out: DefinedMention[] = formulas.map((f) => ({ at: f.at, end: f.end, key: f.name }))
  for (const name of new Set(formulas.map((f) => f.name)))
    if (name !== 'formula' && !variableNamed(name))
      for (const h of hits(q, new RegExp(`(?<![\\w-])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`, 'gi')))
        if (!out.some((o) => overlaps(o, h))) out.push({ at: h.at, end: h.end, key: name })
  return out.sort((a, b) => a.at - b.at)
}

const BAND_SIDE = `((?:${alternation(ROLE_WORDS)})|(?<![\\w.])(?:SR_)?[Bb]\\d{1,2}(?![\\w.])|\\bbands?\\s*#?\\d{1,2}\\b)`
const FILLERS = `(?:(?:${alternation(BAND_COMPARISON_FILLERS)})\\s+){0,4}`
/** The comparators of two bands ("over" between two bands is their ratio, "up to" a range: neither compares them). */
const COMPARISON_WORDS: readonly [string, SpanOp][] = COMPARATORS.flatMap((c) =>
  c.words.filter((w) => !['over', 'under', 'up to', 'beyond'].includes(w)).map((w) => [w, c.op] as [string, SpanOp]),
)
/** "green is strictly greater than red", "NIR > red", "where the blue value exceeds the green": a band against a band. */
const BAND_VS_BAND_RE = new RegExp(
  `${BAND_SIDE}\\s+${FILLERS}(${alternation(COMPARISON_WORDS.map(([n]) => n))})\\s+${FILLERS}${BAND_SIDE}(?:\\s+(?:value|values|band|channel|reflectance))?`,
  'gi',
)

/** The band key of one side of a band comparison ("the green value" -> 'green', "B4" -> 'b4'). */
function sideKey(side: string): string | null {
  const n = side.match(/(?:^|\b|_)[Bb](\d{1,2})$|bands?\s*#?(\d{1,2})/i)
  if (n) return `b${Number(n[1] ?? n[2])}`
  return bandKeyOf(side)
}

/**
 * Two bands compared with each other: a formula span for their difference (named `<a>_minus_<b>`) and a condition
 * on it against 0, so "green > red" keeps the pixels where green - red > 0.
 */
export function bandComparisonSpans(q: string): Span[] {
  const out: Span[] = []
  for (const h of hits(q, BAND_VS_BAND_RE)) {
    const a = sideKey(h.m[1])
    const b = sideKey(h.m[3])
    const op = COMPARISON_WORDS.find(([n]) => n.toLowerCase() === h.m[2].toLowerCase().replace(/\s+/g, ' '))?.[1]
    if (!a || !b || a === b || !op) continue
    // "NIR greater than red, green and blue": greater than each band of the list, all together. A list joined by
    // "or" is left unread (it blocks): the conditions of a question hold together.
    const list = q.slice(h.end).match(BAND_LIST_AFTER)
    const more = list && !/\bor\b/i.test(list[0]) ? hits(list[0], new RegExp(BAND_SIDE, 'gi')).map((x) => ({ ...x, at: h.end + x.at, end: h.end + x.end })) : []
    const sides = [{ key: b, at: h.at, end: h.end }, ...more.map((x) => ({ key: sideKey(x.text), at: x.at, end: x.end }))]
    if (list && /\bor\b/i.test(list[0])) continue
    for (const side of sides) {
      if (!side.key || side.key === a) continue
      const name = `${a}_minus_${side.key}`
      const text = q.slice(side.at, side.end)
      out.push({ type: 'formula', at: side.at, end: side.end, text, expr: `${a} - ${side.key}`, name })
      const cond: ConditionSpan = {
        type: 'condition',
        at: side.at,
        end: side.end,
        text,
        variable: name,
        op,
        value: 0,
        unit: null,
        negated: false,
        inclusive: op === '>=' || op === '<=',
        scope: 'pixels',
      }
      out.push(cond)
    }
  }
  return out
}

/** More bands after a band comparison's second side (", green and blue", " and B3"). */
const BAND_LIST_AFTER = new RegExp(`^(?:\\s*(?:,\\s*(?:and|or)\\b|,|\\band\\b|\\bor\\b|&)\\s*(?:the\\s+)?${BAND_SIDE.replace(/\((?!\?)/g, '(?:')})+`, 'i')

/** One key per band for comparing formulas: a numbered band ('b5') and the role OLI numbers alike ('nir') share it. */
export function oliBandKey(name: string): string {
  const n = /^b(\d{1,2})$/.exec(name.toLowerCase())?.[1] ?? OLI_BAND_OF_ROLE[name.toLowerCase()]
  return n === undefined ? name.toLowerCase() : `band${Number(n)}`
}
