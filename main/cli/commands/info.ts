/**
 * `rsure info IMAGE [--json]`: describe a GeoTIFF/COG, PNG or JPEG file (engines/raster/describe.ts). Text output is
 * for people; `--json` prints the full description as one JSON document.
 */
import path from 'node:path'
import { describeFile, FileFormatError, type FileInfo, type RasterInfo } from '../../engines/raster/describe'
import { CliError, parseCommandArgs, printJson, type Command } from '../io'

function fmt(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Number(n.toPrecision(12)))
}

function rasterLines(i: RasterInfo): string[] {
  const lines = [
    `Format:       ${i.format}${i.cloudOptimized ? ' (cloud-optimised)' : ''}, ${i.fileSize} bytes`,
    `Size:         ${i.width} x ${i.height} pixels, ${i.bandCount} band${i.bandCount === 1 ? '' : 's'}`,
    `Data type:    ${i.dtype === 'mixed' ? i.bands.map((b) => `band ${b.band} ${b.dtype}`).join(', ') : i.dtype}`,
    `NoData:       ${i.nodata === null ? 'none declared' : String(i.nodata)}`,
  ]
  if (i.crs) {
    const name = i.crs.name ? ` (${i.crs.name})` : ''
    lines.push(`CRS:          ${i.crs.definition ?? 'unknown'}${name}, ${i.crs.kind}, units ${i.crs.units ?? 'unknown'}`)
  } else {
    lines.push('CRS:          none (not georeferenced)')
  }
  if (i.geoTransform && i.origin && i.pixelSize) {
    lines.push(`Origin:       (${fmt(i.origin.x)}, ${fmt(i.origin.y)}) at the top-left pixel corner`)
    lines.push(`Pixel size:   ${fmt(i.pixelSize.x)} x ${fmt(i.pixelSize.y)}`)
    lines.push(`GeoTransform: [${i.geoTransform.map(fmt).join(', ')}]`)
    const raw = i.rawTiepoint ? ` (stored tiepoint (${fmt(i.rawTiepoint[0])}, ${fmt(i.rawTiepoint[1])}))` : ''
    const shift = i.rasterType === 'PixelIsPoint' ? ', shifted half a pixel to the corner' : ''
    lines.push(`Convention:   the file is ${i.rasterType}${raw}${shift}`)
  }
  lines.push(
    `Layout:       ${i.tiled ? `tiled ${i.blockSize.width}x${i.blockSize.height}` : `striped, ${i.blockSize.height} rows per strip`}, ${i.interleave} interleaved, ${i.photometric}`,
  )
  lines.push(`Compression:  ${i.compression}${i.predictor && i.predictor !== 'none' ? ` (predictor ${i.predictor})` : ''}`)
  lines.push(`Overviews:    ${i.overviews.length ? i.overviews.map((o) => `${o.width}x${o.height} (1/${o.factor})`).join(', ') : 'none'}`)
  return lines
}

export function formatInfo(info: FileInfo): string {
  const head = `${path.basename(info.path)}`
  const body =
    info.kind === 'raster'
      ? rasterLines(info)
      : [
          `Format:       ${info.format}, ${info.fileSize} bytes`,
          `Size:         ${info.width} x ${info.height} pixels`,
          `Channels:     ${info.channels} (${info.colorModel}, ${info.bitDepth}-bit)`,
        ]
  return `${head}\n${body.join('\n')}\n`
}

const command: Command = {
  name: 'info',
  summary: 'Describe a GeoTIFF/COG, PNG or JPEG file: size, bands, data types, nodata, CRS, geotransform, overviews, compression.',
  usage: 'rsure info IMAGE [--json]',
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs('info', argv, { json: { type: 'boolean', default: false } })
    if (positionals.length !== 1) {
      throw new CliError(`rsure info takes exactly one image path (got ${positionals.length}); usage: ${command.usage}.`, 2)
    }
    let info: FileInfo
    try {
      info = await describeFile(path.resolve(positionals[0]))
    } catch (err) {
      if (err instanceof FileFormatError) throw new CliError(err.message, 1)
      throw err
    }
    if (values.json) printJson(io, info)
    else io.stdout(formatInfo(info))
    return 0
  },
}

export default command
