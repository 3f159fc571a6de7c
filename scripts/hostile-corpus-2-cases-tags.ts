/** Hostile corpus 2, families 'nodata string', 'metadata' and 'geotransform': GDAL tags and GeoTIFF tags with hostile values. */
import { type Accept, type CaseWriter } from './hostile-corpus-2-case'
import { type BandStats, type Entry, type Img, T, baseEntries, bytesOf, gradient16, statsOf, writeTiff } from './hostile-corpus-2-tiff'

/** GDAL_NODATA strings, strict and junk, over an int16 image whose every 4th pixel is -9999. */
export function nodataStrings(w: CaseWriter): void {
  const { file, add } = w
  // ---- nodata strings ----
  {
    const w = 64
    const h = 48
    const data = new Int16Array(w * h)
    for (let i = 0; i < data.length; i++) data[i] = i % 4 === 0 ? -9999 : ((i * 37) % 2000) - 500
    const withFill = statsOf(data)
    const withoutFill = statsOf(data, (v) => v === -9999)
    const img: Img = { width: w, height: h, bits: 16, format: 2 }
    for (const [tag, text, accept, right, alt] of [
      ['valid', '-9999', 'values', withoutFill, []],
      ['spaces', ' -9999 ', 'values-or-refusal', withoutFill, []],
      ['junk', '-9999 junk', 'values-or-refusal', withoutFill, []],
      ['comma', '-9999,5', 'values-or-refusal', withoutFill, []],
      ['empty', '', 'values-or-refusal', withFill, []],
      // nan on integers marks nothing; -9999 may still be recognised as the conventional fill value (both right).
      ['nan-on-int16', 'nan', 'values-or-refusal', withFill, [withoutFill]],
      ['1e999', '1e999', 'values-or-refusal', withFill, []],
      ['hex', '0x10', 'values-or-refusal', withFill, []],
    ] as [string, string, Accept, BandStats, BandStats[]][]) {
      const name = `nodata-${tag}.tif`
      writeTiff(file(name), { entries: baseEntries(img, { extra: [{ tag: 42113, type: T.ASCII, values: text }] }), blocks: [bytesOf(data)] })
      add({
        name,
        family: 'nodata string',
        kind: 'tiff',
        accept,
        width: w,
        height: h,
        stats: right,
        altStats: alt,
        nodata: right === withoutFill ? -9999 : null,
        note: `GDAL_NODATA "${text}" over an int16 image whose every 4th pixel is -9999`,
      })
    }
  }
}

/** GDAL_METADATA of 400k items, 200k spaces, unclosed items, deep nesting. */
export function gdalMetadata(w: CaseWriter): void {
  const { file, add } = w
  // ---- GDAL_METADATA: 400k items, 200k spaces, deep nesting ----
  {
    const { data, stats } = gradient16(64, 48)
    const img: Img = { width: 64, height: 48, bits: 16, format: 1 }
    const items = Array.from({ length: 400_000 }, (_, i) => `<Item name="K${i}">${i}</Item>`).join('')
    for (const [name, xml, note] of [
      ['gdal-metadata-400k-items.tif', `<GDALMetadata>${items}</GDALMetadata>`, 'GDAL_METADATA with 400 000 items (10 MB)'],
      [
        'gdal-metadata-200k-spaces.tif',
        `<GDALMetadata><Item name="scale"${' '.repeat(200_000)}>0.5</Item${' '.repeat(200_000)}></GDALMetadata>`,
        'GDAL_METADATA with 200 000 spaces inside tags',
      ],
      ['gdal-metadata-unclosed-200k.tif', `<GDALMetadata>${'<Item name="x'.repeat(200_000)}`, 'GDAL_METADATA of 200 000 unclosed items'],
      ['gdal-metadata-nested-50k.tif', `<GDALMetadata>${'<a>'.repeat(50_000)}${'</a>'.repeat(50_000)}</GDALMetadata>`, 'GDAL_METADATA nested 50 000 deep'],
    ] as [string, string, string][]) {
      writeTiff(file(name), { entries: baseEntries(img, { extra: [{ tag: 42112, type: T.ASCII, values: xml }] }), blocks: [bytesOf(data)] })
      add({ name, family: 'metadata', kind: 'tiff', accept: name.includes('200k-spaces') ? 'values-or-refusal' : 'values', width: 64, height: 48, stats, note })
    }
  }
}

/** Infinite and NaN geotransforms. */
export function geotransforms(w: CaseWriter): void {
  const { file, add } = w
  // ---- infinite / NaN geotransforms ----
  {
    const { data, stats } = gradient16(64, 48)
    const img: Img = { width: 64, height: 48, bits: 16, format: 1 }
    const geoless = baseEntries(img).filter((e) => e.tag !== 33550 && e.tag !== 33922)
    for (const [name, extra, note] of [
      [
        'geotransform-scale-inf.tif',
        [
          { tag: 33550, type: T.DOUBLE, values: [Infinity, 30, 0] },
          { tag: 33922, type: T.DOUBLE, values: [0, 0, 0, 500000, 4000000, 0] },
        ],
        'ModelPixelScale x = Infinity',
      ],
      [
        'geotransform-scale-nan.tif',
        [
          { tag: 33550, type: T.DOUBLE, values: [NaN, NaN, 0] },
          { tag: 33922, type: T.DOUBLE, values: [0, 0, 0, 500000, 4000000, 0] },
        ],
        'ModelPixelScale = NaN',
      ],
      [
        'geotransform-tiepoint-nan.tif',
        [
          { tag: 33550, type: T.DOUBLE, values: [30, 30, 0] },
          { tag: 33922, type: T.DOUBLE, values: [0, 0, 0, NaN, -Infinity, 0] },
        ],
        'ModelTiepoint = NaN, -Infinity',
      ],
      [
        'geotransform-matrix-inf.tif',
        [{ tag: 34264, type: T.DOUBLE, values: [Infinity, 0, 0, 500000, 0, -30, 0, 4000000, 0, 0, 0, 0, 0, 0, 0, 1] }],
        'ModelTransformation with Infinity',
      ],
      [
        'geotransform-overflow-1e308.tif',
        [
          { tag: 33550, type: T.DOUBLE, values: [1e308, 1e308, 0] },
          { tag: 33922, type: T.DOUBLE, values: [0, 0, 0, 1.7e308, 1.7e308, 0] },
        ],
        'finite parameters whose far corner overflows to Infinity',
      ],
    ] as [string, Entry[], string][]) {
      writeTiff(file(name), { entries: [...geoless, ...extra], blocks: [bytesOf(data)] })
      add({ name, family: 'geotransform', kind: 'tiff', accept: 'values-or-refusal', width: 64, height: 48, stats, note })
    }
  }
}
