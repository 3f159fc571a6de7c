/** Hostile corpus 2, families 'picture bomb' and 'interlaced png': PNG/JPEG declaring 16000-30000 px, valid Adam7 PNG and progressive JPEG. */
import fs from 'node:fs'
import zlib from 'node:zlib'
import { type CaseWriter, MiB } from './hostile-corpus-2-case'
import { patchJpegSize, png, zeroScanlineBytes } from './hostile-corpus-2-pictures'
import { deflateZeros, statsOf } from './hostile-corpus-2-tiff'

/** Pictures declaring 16000-30000 px (zeros, truncated, patched JPEG frames) and valid interlaced/progressive ones. */
export async function pictureCases(w: CaseWriter): Promise<void> {
  const { file, add, zeros, ci } = w
  // ---- pictures declaring 16000-30000 px, and interlaced PNG ----
  for (const [side, interlaced] of (ci
    ? [
        [16000, false],
        [16000, true],
      ]
    : [
        [16000, false],
        [30000, false],
        [16000, true],
      ]) as [number, boolean][]) {
    const name = `png-${side}px-${interlaced ? 'interlaced-' : ''}zeros.png`
    const idat = await deflateZeros(zeroScanlineBytes(side, side, interlaced), 4 * MiB)
    fs.writeFileSync(file(name), png(side, side, 0, interlaced ? 1 : 0, idat))
    add({
      name,
      family: 'picture bomb',
      kind: 'picture',
      accept: 'values-or-refusal',
      width: side,
      height: side,
      stats: zeros(side * side),
      note: `a ${side} x ${side} grey PNG of zeros in ${idat.length} bytes`,
    })
  }
  {
    const name = 'png-30000px-truncated.png'
    fs.writeFileSync(file(name), png(30000, 30000, 2, 0, zlib.deflateSync(Buffer.alloc(90001 * 4))))
    add({ name, family: 'picture bomb', kind: 'picture', accept: 'refusal', note: 'IHDR declares 30000 x 30000 RGB; the IDAT holds 4 rows' })
  }
  const sharp = (await import('sharp')).default
  {
    const w = 256
    const h = 192
    const grey = Buffer.alloc(w * h)
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) grey[y * w + x] = (x + 2 * y) % 256
    const name = 'png-interlaced-grey-256x192.png'
    await sharp(grey, { raw: { width: w, height: h, channels: 1 } })
      .png({ progressive: true })
      .toFile(file(name))
    add({
      name,
      family: 'interlaced png',
      kind: 'picture',
      accept: 'values',
      width: w,
      height: h,
      stats: statsOf(grey),
      note: 'a valid Adam7 PNG with a known gradient',
    })
    const rgb = Buffer.alloc(w * h * 3)
    for (let i = 0; i < w * h; i++) {
      rgb[i * 3] = grey[i]
      rgb[i * 3 + 1] = 255 - grey[i]
      rgb[i * 3 + 2] = 77
    }
    const rname = 'png-interlaced-rgb-256x192.png'
    await sharp(rgb, { raw: { width: w, height: h, channels: 3 } })
      .png({ progressive: true })
      .toFile(file(rname))
    add({
      name: rname,
      family: 'interlaced png',
      kind: 'picture',
      accept: 'values',
      width: w,
      height: h,
      stats: statsOf(grey),
      note: 'a valid Adam7 RGB PNG; band 1 is the known gradient',
    })
    const small = await sharp(rgb, { raw: { width: w, height: h, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer()
    for (const side of [16000, 30000]) {
      const jname = `jpeg-${side}px-declared.jpg`
      fs.writeFileSync(file(jname), patchJpegSize(small, side, side))
      add({ name: jname, family: 'picture bomb', kind: 'picture', accept: 'refusal', note: `a 256 x 192 JPEG whose frame header declares ${side} x ${side}` })
    }
    const pname = 'jpeg-progressive-256x192.jpg'
    await sharp(rgb, { raw: { width: w, height: h, channels: 3 } })
      .jpeg({ quality: 95, progressive: true })
      .toFile(file(pname))
    add({ name: pname, family: 'interlaced png', kind: 'picture', accept: 'values', width: w, height: h, note: 'a valid progressive JPEG' })
  }
}
