/**
 * A pack made from a bare Ultralytics ONNX export: analysts often have only `best.onnx`. Ultralytics writes the task,
 * input size, class names, end2end flag, licence and version into the file's metadata (MODELS.md section 1), which
 * is enough to write the manifest; the file's sha256 is computed here. The GSD is unknown unless given.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { VisionError } from './errors'
import type { Manifest } from './manifest'
import { parseUltralyticsNames, readOnnxMetadata } from './onnx-metadata'
import { sha256File } from './pack-files'

/** A pack id from a file name: lower case, other characters to dashes. */
export function packIdFromFile(file: string): string {
  const base = path
    .basename(file)
    .replace(/\.onnx$/i, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '')
  return (base || 'model').slice(0, 64)
}

/** Write `<tmp>/<id>/manifest.json` + a copy of the model, ready for addPack; returns the folder. */
export async function packFromUltralyticsExport(file: string, opts: { id?: string; gsd?: number | null } = {}): Promise<string> {
  const name = path.basename(file)
  let meta: Record<string, string>
  try {
    meta = await readOnnxMetadata(file)
  } catch {
    throw new VisionError(`The file '${name}' is not an ONNX model.`, 'invalid')
  }
  const task = meta.task
  const sizes = meta.imgsz?.match(/\d+/g)?.map(Number) ?? []
  const names = meta.names ? parseUltralyticsNames(meta.names) : null
  if (!task || sizes.length === 0 || !names) {
    throw new VisionError(
      `The file '${name}' carries no Ultralytics metadata (task, imgsz, names), so a manifest cannot be made for it; write one as native-models/README.md shows.`,
      'invalid',
    )
  }
  if (task !== 'detect' && task !== 'obb' && task !== 'segment')
    throw new VisionError(`The file '${name}' is an Ultralytics '${task}' model; only detect, obb and segment models are supported.`, 'invalid')
  const [h, w] = sizes.length === 1 ? [sizes[0], sizes[0]] : sizes
  const id = opts.id ?? packIdFromFile(file)
  const manifest: Manifest = {
    schema: 1,
    id,
    name: meta.description ?? `Ultralytics ${task} model ${name}`,
    version: meta.version ?? '1.0.0',
    family: 'yolo',
    task,
    layout: meta.end2end?.trim().toLowerCase() === 'true' ? 'end2end' : 'raw',
    input: { width: w, height: h, resize: 'letterbox', channelOrder: 'RGB', normalisation: { scale: 1 / 255, mean: [0, 0, 0], std: [1, 1, 1] } },
    classNames: names,
    gsd: opts.gsd ?? null,
    licence: meta.license ?? 'AGPL-3.0 (Ultralytics default; the file names none)',
    source: `made from the metadata of ${name} (Ultralytics ${meta.version ?? 'unknown version'}, exported ${meta.date ?? 'on an unknown date'})`,
    files: { model: { path: 'model.onnx', sha256: await sha256File(file) } },
  }
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rsure-pack-')), id)
  fs.mkdirSync(dir)
  fs.copyFileSync(file, path.join(dir, 'model.onnx'))
  fs.writeFileSync(path.join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  return dir
}
