/**
 * The model-pack registry: built-in packs under the app's `native-models/` folder (manifests of packs shipped with
 * the app, such as PaddleOCR from npm) and the analyst's packs under `<data folder>/models/<id>/`.
 *
 * Before a pack is used it is checked: the manifest against its zod schema, each file's sha256 against the manifest,
 * and each ONNX graph's input/output names and shapes against the family's contract (contracts.ts), read from an
 * ONNX Runtime session on the CPU. A refusal is one sentence saying why.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { defaultDataDir } from '../../store/paths'
import { checkContract, onnxRoles, type ModelIo } from './contracts'
import { VisionError } from './errors'
import { describeManifestIssue, manifestSchema, type Manifest } from './manifest'
import { readOnnxMetadata, ultralyticsMismatch } from './onnx-metadata'
import { resolvePackPath, sha256File } from './pack-files'
import type { Provider } from './providers'
import type { SessionHandle, VisionRuntime } from './runtime/host'

export interface PackLocation {
  dir: string
  origin: 'built-in' | 'user'
}

export interface CheckedPack {
  manifest: Manifest
  dir: string
  origin: 'built-in' | 'user'
  /** Absolute path of each file role. */
  files: Record<string, string>
  /** Inputs and outputs of each ONNX role, as ONNX Runtime reads them. */
  io: Record<string, ModelIo>
}

export interface PackSummary {
  id: string
  version: string
  family: Manifest['family'] | null
  task: Manifest['task'] | null
  inputSize: [number, number] | null
  classNames: string[]
  gsd: number | null
  licence: string | null
  origin: 'built-in' | 'user'
  status: 'ok' | 'invalid'
  problem?: string
}

/** The folder of the built-in manifests: RSURE_NATIVE_MODELS, else `native-models/` at the repository root. */
export function builtinModelsDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.RSURE_NATIVE_MODELS) return path.resolve(env.RSURE_NATIVE_MODELS)
  let dir = path.dirname(fileURLToPath(import.meta.url))
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'native-models')
    if (fs.existsSync(path.join(candidate, 'README.md'))) return candidate
    dir = path.dirname(dir)
  }
  return path.join(process.cwd(), 'native-models')
}

/** The analyst's pack folder inside the data folder (main/store/paths.ts). */
export function userModelsDir(dataRoot: string = defaultDataDir()): string {
  return path.join(dataRoot, 'models')
}

export interface RegistryDirs {
  builtin: string
  user: string
}

export function defaultDirs(dataRoot?: string): RegistryDirs {
  return { builtin: builtinModelsDir(), user: userModelsDir(dataRoot) }
}

function packDirs(root: string): string[] {
  if (!fs.existsSync(root)) return []
  return fs
    .readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory() && fs.existsSync(path.join(root, e.name, 'manifest.json')))
    .map((e) => path.join(root, e.name))
    .sort()
}

/** Read and validate a pack's manifest.json; throws a VisionError sentence when it is missing or invalid. */
export function readManifest(dir: string): Manifest {
  const file = path.join(dir, 'manifest.json')
  const name = path.basename(dir)
  if (!fs.existsSync(file))
    throw new VisionError(`The folder '${name}' has no manifest.json, so it is not a model pack; see native-models/README.md.`, 'invalid')
  let raw: unknown
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch {
    throw new VisionError(`The manifest.json of '${name}' is not valid JSON; fix the file and check the pack again.`, 'invalid')
  }
  const parsed = manifestSchema.safeParse(raw)
  if (!parsed.success) throw new VisionError(`The manifest of '${name}' is refused (${describeManifestIssue(parsed.error)}).`, 'invalid')
  return parsed.data
}

/** Count the entries of a PaddleOCR dictionary (one character per line; a trailing empty line is not an entry). */
export function dictionaryEntries(file: string): string[] {
  const lines = fs.readFileSync(file, 'utf8').split(/\r?\n/)
  if (lines.length && lines[lines.length - 1] === '') lines.pop()
  return lines
}

/** Check the files' presence and sha256 against the manifest. */
async function checkFiles(m: Manifest, dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {}
  for (const [role, f] of Object.entries(m.files)) {
    const abs = resolvePackPath(dir, f.path)
    if (!fs.existsSync(abs)) throw new VisionError(`Pack '${m.id}' is refused: its ${role} file '${path.basename(f.path)}' is missing.`, 'invalid')
    const actual = await sha256File(abs)
    if (actual !== f.sha256) {
      throw new VisionError(
        `Pack '${m.id}' is refused: the sha256 of its ${role} file '${path.basename(f.path)}' is ${actual.slice(0, 12)}..., not ${f.sha256.slice(0, 12)}... as the manifest says, so the file is not the one the pack was made with.`,
        'invalid',
      )
    }
    files[role] = abs
  }
  return files
}

/**
 * Fully check the pack in `dir`: manifest, hashes, and each ONNX graph against the family contract (opened on the
 * CPU through `runtime`, then released). Throws a VisionError sentence on the first problem.
 */
export async function checkPack(dir: string, runtime: VisionRuntime, origin: 'built-in' | 'user' = 'user'): Promise<CheckedPack> {
  const manifest = readManifest(dir)
  const files = await checkFiles(manifest, dir)
  const io: Record<string, ModelIo> = {}
  for (const role of onnxRoles(manifest)) {
    const handle = await openPackModel({ manifest, dir, origin, files }, role, runtime, ['cpu'])
    io[role] = handle.io
    await runtime.release(handle)
  }
  if (manifest.family === 'yolo') {
    let meta: Record<string, string> = {}
    try {
      meta = await readOnnxMetadata(files.model)
    } catch {
      // ONNX Runtime loaded the graph, so an unreadable metadata block only means there is nothing to compare.
    }
    const problem = ultralyticsMismatch(meta, manifest)
    if (problem) throw new VisionError(`Pack '${manifest.id}' is refused: ${problem}.`, 'invalid')
  }
  if (manifest.family === 'clip') {
    const di = io.image.outputs[0].shape[1]
    const dt = io.text.outputs[0].shape[1]
    if (typeof di === 'number' && typeof dt === 'number' && di !== dt) {
      throw new VisionError(
        `Pack '${manifest.id}' is refused: its image embeddings have ${di} values but its text embeddings ${dt}, so they cannot be compared.`,
        'invalid',
      )
    }
  }
  return { manifest, dir, origin, files, io }
}

/** Every pack folder, built-in first. */
export function locatePacks(dirs: RegistryDirs): PackLocation[] {
  return [
    ...packDirs(dirs.builtin).map((dir) => ({ dir, origin: 'built-in' as const })),
    ...packDirs(dirs.user).map((dir) => ({ dir, origin: 'user' as const })),
  ]
}

function summary(m: Manifest | null, loc: PackLocation, problem?: string): PackSummary {
  return {
    id: m?.id ?? path.basename(loc.dir),
    version: m?.version ?? '?',
    family: m?.family ?? null,
    task: m?.task ?? null,
    inputSize: m ? [m.input.width, m.input.height] : null,
    classNames: m?.classNames ?? [],
    gsd: m?.gsd ?? null,
    licence: m?.licence ?? null,
    origin: loc.origin,
    status: problem ? 'invalid' : 'ok',
    ...(problem ? { problem } : {}),
  }
}

/** List the packs. With `runtime` each pack is fully checked (hashes and contracts); without, only manifests and file presence. */
export async function listPacks(dirs: RegistryDirs, runtime?: VisionRuntime): Promise<PackSummary[]> {
  const out: PackSummary[] = []
  const seen = new Set<string>()
  for (const loc of locatePacks(dirs)) {
    let m: Manifest | null = null
    try {
      m = readManifest(loc.dir)
      if (seen.has(m.id)) throw new VisionError(`Pack '${m.id}' is listed twice; the second copy is ignored.`, 'invalid')
      seen.add(m.id)
      if (runtime) await checkPack(loc.dir, runtime, loc.origin)
      else
        for (const [role, f] of Object.entries(m.files))
          if (!fs.existsSync(resolvePackPath(loc.dir, f.path))) throw new VisionError(`its ${role} file '${path.basename(f.path)}' is missing.`, 'invalid')
      out.push(summary(m, loc))
    } catch (err) {
      out.push(summary(m, loc, err instanceof Error ? err.message : String(err)))
    }
  }
  return out
}

/** Find a pack folder by id. */
export function findPackDir(dirs: RegistryDirs, id: string): PackLocation | null {
  for (const loc of locatePacks(dirs)) {
    try {
      if (readManifest(loc.dir).id === id) return loc
    } catch {
      // An invalid manifest cannot be the pack asked for.
    }
  }
  return null
}

/**
 * Check the pack in `source` and copy it into the user folder as `<id>/` (manifest and the files it names).
 * Refuses an id already installed unless `replace`, and never replaces a built-in pack.
 */
export async function addPack(dirs: RegistryDirs, source: string, runtime: VisionRuntime, opts: { replace?: boolean } = {}): Promise<CheckedPack> {
  const checked = await checkPack(source, runtime, 'user')
  const id = checked.manifest.id
  const existing = findPackDir(dirs, id)
  if (existing?.origin === 'built-in') throw new VisionError(`A built-in pack is already called '${id}'; give the new pack another id.`, 'invalid')
  if (existing && !opts.replace) throw new VisionError(`A pack called '${id}' is already installed; remove it first or add with --replace.`, 'invalid')
  const target = path.join(dirs.user, id)
  if (path.resolve(target) === path.resolve(source)) return { ...checked, dir: target }
  const staging = `${target}.partial-${process.pid}`
  fs.rmSync(staging, { recursive: true, force: true })
  fs.mkdirSync(staging, { recursive: true })
  for (const f of Object.values(checked.manifest.files)) {
    if (f.path.startsWith('npm:')) continue
    const to = path.join(staging, f.path)
    fs.mkdirSync(path.dirname(to), { recursive: true })
    fs.copyFileSync(resolvePackPath(source, f.path), to)
  }
  fs.copyFileSync(path.join(source, 'manifest.json'), path.join(staging, 'manifest.json'))
  fs.rmSync(target, { recursive: true, force: true })
  fs.renameSync(staging, target)
  const files = Object.fromEntries(Object.entries(checked.manifest.files).map(([r, f]) => [r, resolvePackPath(target, f.path)]))
  return { ...checked, dir: target, files }
}

/** Remove a user pack by id; built-in packs cannot be removed. */
export function removePack(dirs: RegistryDirs, id: string): void {
  const loc = findPackDir(dirs, id)
  if (!loc) throw new VisionError(`No model pack '${id}' is installed; run 'rsure models list' to see the installed packs.`, 'missing')
  if (loc.origin === 'built-in') throw new VisionError(`Pack '${id}' ships with the app and cannot be removed.`, 'invalid')
  fs.rmSync(loc.dir, { recursive: true, force: true })
}

export type PreparedPack = Omit<CheckedPack, 'io'>

/**
 * The pack `id` with its manifest validated and its files' sha256 checked (hashes are remembered per file size and
 * time), ready to open; its graphs are checked against the contract when opened (openPackModel). Throws 'missing'
 * when no such pack is installed.
 */
export async function loadPack(dirs: RegistryDirs, id: string): Promise<PreparedPack> {
  const loc = findPackDir(dirs, id)
  if (!loc)
    throw new VisionError(
      `No model pack '${id}' is installed; run 'rsure models list' to see the installed packs, or add one with 'rsure models add DIR'.`,
      'missing',
    )
  const manifest = readManifest(loc.dir)
  return { manifest, dir: loc.dir, origin: loc.origin, files: await checkFiles(manifest, loc.dir) }
}

/** Open one ONNX role of a pack on the wanted providers and check it against the family contract. */
export async function openPackModel(pack: PreparedPack, role: string, runtime: VisionRuntime, providers?: Provider[]): Promise<SessionHandle> {
  const file = pack.files[role]
  let handle: SessionHandle
  try {
    handle = await runtime.open(file, providers)
  } catch {
    throw new VisionError(
      `Pack '${pack.manifest.id}' is refused: its ${role} file '${path.basename(file)}' is not an ONNX model ONNX Runtime can load.`,
      'invalid',
    )
  }
  const dictSize = pack.files.dict ? dictionaryEntries(pack.files.dict).length : null
  const problem = checkContract(pack.manifest, role, handle.io, dictSize)
  if (problem) {
    await runtime.release(handle)
    throw new VisionError(
      `Pack '${pack.manifest.id}' is refused: its ${role} model does not fit the ${pack.manifest.family} ${pack.manifest.task} contract, because ${problem}.`,
      'invalid',
    )
  }
  return handle
}
