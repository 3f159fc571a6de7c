/**
 * The 0/1 flags of pixel classes a condition selects by class rather than by value: a layer's own missing pixels
 * (its nodata) and the classes of a Landsat QA band (cloud, fill ...), each defined on every pixel of the grid so
 * counts and shares of them are over all pixels. Split from compile-scope.ts, whose Scope reads the layers they flag.
 */
import { QA_BITS, Refusal } from './compile-words'
import type { DagBuilder } from './dag-builder'
import { pickRole, type InputFiles } from './input-files'
import type { Layer, Scope } from './compile-scope'

/** The class of a layer's own missing pixels (its file's nodata), beside the QA band's classes. */
export const NODATA = 'nodata'

/**
 * The 0/1 flag of a layer's missing pixels: 1 where the layer as read has no value (its file's nodata, or the fill
 * convention of its files), 0 elsewhere, defined on every pixel of the grid, so counts and shares of it are over all
 * pixels. `layer` is the variable named beside the nodata pixels ("the nodata pixels of the NDVI").
 */
export function nodataFlag(b: DagBuilder, scope: Scope, tag: string, layer: string | undefined): Layer {
  if (!layer)
    throw new Refusal(
      'the nodata pixels',
      'the question does not say which layer\'s missing pixels to count (name the layer, e.g. "the nodata pixels of the NDVI")',
    )
  const data = scope.variable(layer, `the layer "${layer}"`)
  const node = b.add(tag ? `nodata_flag_${tag}` : 'nodata_flag', 'raster.algebra', { expr: 'where(isnan(v), 1, 0)', unit: 'dimensionless' }, { v: data.node })
  return { node, unit: 'dimensionless', label: `nodata flag of ${data.label} (1 where it has no value, over every pixel of the grid)` }
}

/**
 * The 0/1 flag of a QA class per pixel (1: the class's bits are set; for 'clear', the cloud bit is not), fill
 * pixels (BQA bit 0) NaN: the QA band read as stored, masked by the class bits, then by the fill bit.
 */
export function qaFlag(b: DagBuilder, catalog: string, tag: string, inputs: InputFiles, cls: string): Layer {
  const key = cls.toLowerCase()
  const qa = pickRole(inputs, 'QA', 'BQA', 'QA_PIXEL')
  if (!qa) throw new Refusal(`the ${key.replace('_', ' ')} pixels`, 'the files hold no QA band to tell which pixels are flagged')
  const bits = key === 'clear' ? QA_BITS.cloud : QA_BITS[key]
  const id = (n: string) => (tag ? `${n}_${tag}` : n)
  const q = b.add(id('qa'), 'raster.read', { role: qa, nodata: 'none', unit: 'dn' }, { data: catalog })
  const ones = b.add(id('qa_ones'), 'raster.algebra', { expr: 'q * 0 + 1', unit: 'dimensionless' }, { q })
  // Keep the pixels of the class (for 'clear': those without the cloud bit), the others NaN, then 1/0.
  const values = Array.from({ length: 2 ** (bits.last - bits.first + 1) }, (_, i) => i)
  const reject = key === 'clear' ? bits.set : values.filter((v) => !bits.set.includes(v))
  const inClass = b.add(id('qa_class'), 'raster.mask', { qa_bits: [{ first: bits.first, last: bits.last, reject }] }, { data: ones, qa: q })
  const flag = b.add(id('qa_flag'), 'raster.algebra', { expr: 'where(isnan(f), 0, 1)', unit: 'dimensionless' }, { f: inClass })
  // The flag is named for its class ("cloud_flag", "cloud_free_flag"); the verifier reads the class from the bits.
  // Fill pixels are left out of every class but fill itself, whose flag is 1 exactly there.
  const name = id(`${key === 'clear' ? 'cloud_free' : key}_flag`)
  const bitsWords = `${qa} bits ${bits.first}${bits.last > bits.first ? `-${bits.last}` : ''}`
  if (key === 'fill')
    return {
      node: b.add(name, 'raster.algebra', { expr: 'f', unit: 'dimensionless' }, { f: flag }),
      unit: 'dimensionless',
      label: `fill flag of the QA band (${bitsWords})`,
    }
  const valid = b.add(
    name,
    'raster.mask',
    { qa_bits: [{ first: QA_BITS.fill.first, last: QA_BITS.fill.last, reject: QA_BITS.fill.set }] },
    { data: flag, qa: q },
  )
  return {
    node: valid,
    unit: 'dimensionless',
    label: `${key === 'clear' ? 'cloud-free' : key.replace('_', ' ')} flag of the QA band (${bitsWords}; fill pixels left out)`,
  }
}
