/**
 * Variables a question may name that are not physical products of the rules backbone (night-time lights,
 * precipitation, fire radiative power, built volume, a vegetation-cover layer...): which input layer (series role)
 * carries the variable, its physical unit for the answer, and which places of the file names the question names.
 * Planning reads file names only; the execute catalog stays the authority on what is there.
 */
import type { InputFiles } from './input-files'

interface VariableWords {
  /** Phrases of a question that name the variable. */
  words: RegExp
  /** Series roles (upper-cased) that carry it, in preference order. */
  roles: string[]
  /** Physical unit as written in answers (the engine keeps such layers as stored, unit `dn`). */
  unit: string | null
  label: string
}

/** Common phrasings of variables kept as stored by the catalog (series-vocabulary.ts names their units). */
const VOCABULARY: VariableWords[] = [
  {
    words: /night[\s-]*(?:time)?[\s-]*lights?|\bntl\b|light[\s-]+intensity|\bavg_rad\b|\bradiance\b/i,
    roles: ['AVG_RAD', 'NTL', 'DNB', 'STABLE_LIGHTS'],
    unit: 'nW/cm2/sr',
    label: 'night-time light intensity',
  },
  { words: /\brain\w*|precipitation/i, roles: ['PRECIPITATION', 'PRECIP', 'PRCP', 'RAINFALL', 'TOTAL_PRECIPITATION'], unit: 'mm', label: 'precipitation' },
  { words: /\bmax\s*frp\b|\bfrp\b|fire radiative power/i, roles: ['MAXFRP', 'FRP'], unit: 'MW', label: 'fire radiative power' },
  {
    words: /built[\s_-]*(?:up[\s_-]+)?volume|building[\s_-]+volume/i,
    roles: ['BUILT_VOLUME_TOTAL', 'BUILT_VOLUME', 'BUILT_VOLUME_NRES'],
    unit: 'm3',
    label: 'built volume',
  },
  { words: /vegetation[\s-]+cover(?:age)?|greenness/i, roles: ['NDVI', 'EVI'], unit: null, label: 'vegetation index' },
]

/**
 * Roles that are sensor bands (reflectance, radiance): a question naming one ("based on sur_refl_b01 ... calculate
 * the turbidity") asks for a quantity derived from it, not for the band's own statistic. Temperature layers (a
 * band-10 brightness temperature "in Kelvin") are variables in their own right.
 */
function isBand(role: string, inputs: InputFiles): boolean {
  if (inputs.temperatures.has(role)) return false
  return /^(?:SUR_REFL|REFLECTANCE|SR_B|MODIS_B|B\d|BAND)/i.test(role)
}

/** Input roles written in the question itself (longest names first), bands left out. */
export function rolesNamed(question: string, inputs: InputFiles): string[] {
  const q = ` ${norm(question)} `
  return [...inputs.roles].filter((r) => /[A-Z]/.test(r) && r.length >= 3 && q.includes(` ${norm(r)} `)).sort((a, b) => b.length - a.length)
}

export interface NamedVariable {
  /** The series role to read. */
  role: string
  /** Physical unit for the answer (null: dimensionless or unknown). */
  unit: string | null
  label: string
}

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[_\s-]+/g, ' ')
    .trim()

/**
 * The layer a question names: first an input role written in the question itself (`built_volume_total`, `MaxFRP`),
 * then a phrase of the vocabulary whose role the inputs carry. Null when the inputs carry none of them.
 */
export function resolveVariable(question: string, inputs: InputFiles): NamedVariable | null {
  const literal = rolesNamed(question, inputs).find((r) => !isBand(r, inputs))
  if (literal) {
    const known = VOCABULARY.find((v) => v.roles.includes(literal))
    return { role: literal, unit: known?.unit ?? null, label: known?.label ?? literal.toLowerCase() }
  }
  for (const v of VOCABULARY) {
    if (!v.words.test(question)) continue
    const role = v.roles.find((r) => inputs.roles.has(r))
    if (role) return { role, unit: v.unit, label: v.label }
  }
  return null
}

/** Physical unit of a role read as stored (for answers): e.g. AVG_RAD -> nW/cm2/sr; null when none is known. */
export function physicalUnitOf(role: string): string | null {
  return VOCABULARY.find((v) => v.roles.includes(role.toUpperCase()))?.unit ?? null
}

/** The places of the input file names that the question names, in the order the question names them. */
export function placesNamed(question: string, inputs: InputFiles): string[] {
  const q = ` ${norm(question)} `
  const places = [...new Set(inputs.filePlaces.values())]
  return places
    .map((p) => ({ p, at: q.indexOf(` ${norm(p)} `) }))
    .filter((x) => x.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((x) => x.p)
}

/** Distinct places of the input file names. */
export function placesOf(inputs: InputFiles): string[] {
  return [...new Set(inputs.filePlaces.values())]
}
