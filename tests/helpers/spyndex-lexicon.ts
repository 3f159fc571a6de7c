/**
 * The optical indices of resources/spyndex/spectral-indices-dict.json as the lexicon lists them (see
 * scripts/gen-spyndex-lexicon.ts): radar and kernel indices, short names of two letters or fewer and names two indices
 * share when lower-cased are left out. Read here from the shipped resource, apart from the generated module.
 */
import fs from 'node:fs'
import path from 'node:path'

interface Entry {
  short_name: string
  long_name: string
  bands: string[]
  formula: string
  application_domain: string
}

export function spyndexLexicon(): { short: string; long: string; bands: string[]; formula: string }[] {
  const file = path.resolve('resources/spyndex/spectral-indices-dict.json')
  const all = Object.values((JSON.parse(fs.readFileSync(file, 'utf8')) as { SpectralIndices: Record<string, Entry> }).SpectralIndices)
  const optical = all.filter((e) => e.application_domain !== 'radar' && e.application_domain !== 'kernel' && e.short_name.length >= 3)
  const lower = new Map<string, number>()
  for (const e of optical) lower.set(e.short_name.toLowerCase(), (lower.get(e.short_name.toLowerCase()) ?? 0) + 1)
  return optical
    .filter((e) => lower.get(e.short_name.toLowerCase()) === 1)
    .sort((a, b) => a.short_name.localeCompare(b.short_name))
    .map((e) => ({ short: e.short_name, long: e.long_name, bands: e.bands, formula: e.formula }))
}
