/**
 * Images for a model's eyes: PNG and JPEG files become data URIs; other formats (GeoTIFF) are left out, since chat
 * models read only web image formats. Files larger than the cap are left out rather than sent half-way.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { ContentPart } from '../model'

const MIME: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg' }
const MAX_BYTES = 8 * 1024 * 1024

export function dataUriOf(file: string): string | null {
  const mime = MIME[path.extname(file).toLowerCase()]
  if (!mime) return null
  try {
    const stat = fs.statSync(file)
    if (stat.size > MAX_BYTES) return null
    return `data:${mime};base64,${fs.readFileSync(file).toString('base64')}`
  } catch {
    return null
  }
}

export async function imageParts(files: string[]): Promise<ContentPart[]> {
  return files
    .map(dataUriOf)
    .filter((u): u is string => u !== null)
    .map((dataUri) => ({ type: 'image' as const, dataUri }))
}
