/**
 * The bit layout of the Landsat Collection-1 Level-1 quality band (BQA, 16-bit), per the USGS Landsat 8 Collection 1
 * Level-1 Quality Assessment band description: bit 0 designated fill, bit 1 terrain occlusion, bits 2-3
 * radiometric saturation, bit 4 cloud, bits 5-6 cloud confidence, bits 7-8 cloud-shadow confidence, bits 9-10
 * snow/ice confidence, bits 11-12 cirrus confidence (two-bit confidences: 0 not determined, 1 low, 2 medium, 3
 * high). A class is the values of its bits (`first`..`last`, read as an unsigned number) that mean it.
 *
 * The compiler builds its QA masks from this table and the verifier reads which class a DAG's QA mask keeps from
 * it: one owner of what a bit means.
 */
export interface QaClassBits {
  first: number
  last: number
  /** Values of the bits that mean the class. */
  set: readonly number[]
}

export const LANDSAT_C1_QA_BITS: Readonly<Record<string, QaClassBits>> = {
  fill: { first: 0, last: 0, set: [1] },
  cloud: { first: 4, last: 4, set: [1] },
  cloud_conf_low: { first: 5, last: 6, set: [1] },
  cloud_conf_medium: { first: 5, last: 6, set: [2] },
  cloud_conf_high: { first: 5, last: 6, set: [3] },
  cloud_shadow_conf_low: { first: 7, last: 8, set: [1] },
  cloud_shadow_conf_medium: { first: 7, last: 8, set: [2] },
  cloud_shadow: { first: 7, last: 8, set: [3] },
  snow_conf_low: { first: 9, last: 10, set: [1] },
  snow_conf_medium: { first: 9, last: 10, set: [2] },
  snow: { first: 9, last: 10, set: [3] },
  cirrus_conf_low: { first: 11, last: 12, set: [1] },
  cirrus_conf_medium: { first: 11, last: 12, set: [2] },
  cirrus: { first: 11, last: 12, set: [3] },
}

/**
 * What each field of the band is called, by its bits ("first-last"): "cloud bit 4", "cirrus bits 11-12" name the
 * field their bits are (the words before the bits restate them).
 */
export const LANDSAT_C1_QA_FIELD_NAMES: Readonly<Record<string, readonly string[]>> = {
  '0-0': ['fill', 'designated fill'],
  '4-4': ['cloud'],
  '5-6': ['cloud confidence'],
  '7-8': ['cloud shadow', 'cloud-shadow', 'cloud shadow confidence', 'cloud-shadow confidence'],
  '9-10': ['snow', 'snow/ice', 'snow ice', 'snow confidence', 'snow/ice confidence'],
  '11-12': ['cirrus', 'cirrus confidence'],
}

/** A rule of a raster.mask over a QA band: the values of bits `first`..`last` whose pixels are dropped. */
export interface QaBitRule {
  first: number
  last: number
  reject: readonly number[]
}

/**
 * The class a QA mask rule keeps: the class itself when it keeps exactly the class's values of its bits, 'clear'
 * when it keeps exactly the pixels without the cloud bit, 'not fill' when it only drops fill pixels; null otherwise.
 */
export function qaClassKept(rule: QaBitRule): string | 'clear' | 'not fill' | null {
  const values = Array.from({ length: 2 ** (rule.last - rule.first + 1) }, (_, i) => i)
  const kept = values.filter((v) => !rule.reject.includes(v))
  const sameSet = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x) => b.includes(x))
  for (const [cls, bits] of Object.entries(LANDSAT_C1_QA_BITS)) {
    if (bits.first !== rule.first || bits.last !== rule.last) continue
    if (sameSet(kept, bits.set)) return cls
    if (sameSet(rule.reject, bits.set)) return cls === 'cloud' ? 'clear' : cls === 'fill' ? 'not fill' : null
  }
  return null
}
