/** The `info` of one file as a compact table: what an analyst checks before trusting a layer. */
import type { FileInfo } from '../../../preload/contract'

function n(v: number): string {
  return Number.isInteger(v) ? v.toLocaleString('en-US') : String(Number(v.toPrecision(10)))
}

function bytes(b: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB']
  let v = b
  let i = 0
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024
    i++
  }
  return `${i === 0 ? v : v.toFixed(1)} ${units[i]}`
}

export function infoRows(info: FileInfo): [string, string][] {
  if (info.kind === 'image') {
    return [
      ['Format', `${info.format}, ${bytes(info.fileSize)}`],
      ['Size', `${info.width} × ${info.height} px`],
      ['Channels', `${info.channels} (${info.colorModel}, ${info.bitDepth}-bit)`],
    ]
  }
  const rows: [string, string][] = [
    ['Format', `${info.format}${info.cloudOptimized ? ' (COG)' : ''}, ${bytes(info.fileSize)}`],
    ['Size', `${info.width} × ${info.height} px, ${info.bandCount} band${info.bandCount === 1 ? '' : 's'}`],
    ['Data type', info.dtype === 'mixed' ? info.bands.map((b) => `${b.band}: ${b.dtype}`).join(', ') : info.dtype],
    ['NoData', info.nodata === null ? 'none declared' : String(info.nodata)],
    ['CRS', info.crs ? `${info.crs.definition ?? 'unknown'}${info.crs.name ? ` — ${info.crs.name}` : ''}` : 'none'],
  ]
  if (info.origin && info.pixelSize) {
    rows.push(['Origin (corner)', `${n(info.origin.x)}, ${n(info.origin.y)}`])
    rows.push(['Pixel size', `${n(info.pixelSize.x)} × ${n(info.pixelSize.y)}${info.crs?.units ? ` ${info.crs.units}` : ''}`])
    rows.push(['Convention', info.rasterType === 'PixelIsPoint' ? 'PixelIsPoint (shifted ½ px to the corner)' : 'PixelIsArea'])
  }
  rows.push(['Layout', `${info.tiled ? `tiled ${info.blockSize.width}×${info.blockSize.height}` : 'striped'}, ${info.interleave} interleaved`])
  rows.push(['Compression', info.compression])
  rows.push(['Overviews', info.overviews.length ? info.overviews.map((o) => `${o.width}×${o.height}`).join(', ') : 'none'])
  return rows
}

export function InfoTable({ info }: { info: FileInfo }) {
  return (
    <table className="info" data-testid="file-info">
      <tbody>
        {infoRows(info).map(([k, v]) => (
          <tr key={k}>
            <th scope="row">{k}</th>
            <td>{v}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
