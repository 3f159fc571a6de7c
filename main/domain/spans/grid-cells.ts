/**
 * A cell of a grid of N x M equal cells named by its row and column ("a 4 x 4 grid ... the cell of row 2, column 3",
 * "4 by 4 equal cells ... the second row from the top and the third column from the left"): that Nth of the rows and
 * Mth of the columns, numbered from 1 (from 0 where the question says so), and the division's words. Only with one
 * division and one cell picked. The named cells of a 3 x 3 grid ("the top-left cell") are regions.ts's.
 */
import type { ContextPartSpan, PartSpan } from './types'
import { hits } from './words'

const DIVISION =
  /\b(\d{1,2})\s*(?:x|×|by)\s*(\d{1,2})\s+(?:grid|(?:equal\s+|equally\s+sized\s+)?(?:cells|tiles|blocks|squares|pieces|parts))\b(?:\s+of\s+(?:equal\s+)?(?:cells|tiles|blocks|squares|pieces))?/gi
const ORDINALS: Readonly<Record<string, number>> = { first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10 }
const ORDINAL = `(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\\d{1,2}(?:st|nd|rd|th))`
/** "row 2, column 3", "row 2 and col 3", "in row 2 / column 3". */
const ROW_COL = /\brow\s+(\d{1,2})\s*(?:,|and|\/|;)?\s*(?:(?:the|in)\s+)?col(?:umn)?\s+(\d{1,2})\b/gi
/** "the second row from the top and the third column from the left" (either end). */
const ORDINAL_CELL = new RegExp(
  `\\b${ORDINAL}\\s+row\\s+from\\s+the\\s+(top|bottom)\\b[^.?;]{0,20}?\\b${ORDINAL}\\s+column\\s+from\\s+the\\s+(left|right)\\b`,
  'gi',
)
/** The numbering restated after the pick: "(counting from top-left, starting by 1)", "(0-based)". */
const NUMBERING = /^\s*\(([^()]*\b(?:counting|starting|start|based|numbered|from\s+(?:the\s+)?top[\s-]?left)\b[^()]*)\)/i

const ordinal = (w: string) => ORDINALS[w.toLowerCase()] ?? Number.parseInt(w, 10)

export function numberedGridParts(q: string): { parts: PartSpan[]; divisions: ContextPartSpan[] } {
  const divisions = hits(q, DIVISION)
  const picks = [...hits(q, ROW_COL), ...hits(q, ORDINAL_CELL)]
  if (divisions.length !== 1 || picks.length !== 1) return { parts: [], divisions: [] }
  const [d, h] = [divisions[0], picks[0]]
  const [rows, cols] = [Number(d.m[1]), Number(d.m[2])]
  const said = NUMBERING.exec(q.slice(h.end))
  const fromZero = said !== null && /\b(?:0|zero)\b|0-based/i.test(said[1])
  let r: number
  let c: number
  if (h.m[1] !== undefined && /^\d+$/.test(h.m[1]) && h.m[3] === undefined) {
    ;[r, c] = [Number(h.m[1]) - (fromZero ? 0 : 1), Number(h.m[2]) - (fromZero ? 0 : 1)]
  } else {
    const [rn, cn] = [ordinal(h.m[1]) - 1, ordinal(h.m[3]) - 1]
    r = h.m[2].toLowerCase() === 'top' ? rn : rows - 1 - rn
    c = h.m[4].toLowerCase() === 'left' ? cn : cols - 1 - cn
  }
  if (!(rows >= 2 && cols >= 2 && r >= 0 && r < rows && c >= 0 && c < cols)) return { parts: [], divisions: [] }
  const end = h.end + (said ? said[0].length : 0)
  return {
    parts: [
      {
        type: 'part',
        at: h.at,
        end,
        text: q.slice(h.at, end),
        name: `cell of row ${r + 1}, column ${c + 1} (from the top left) of a ${rows} x ${cols} grid`,
        rows: [r / rows, (r + 1) / rows],
        cols: [c / cols, (c + 1) / cols],
      },
    ],
    divisions: [{ type: 'context_part', at: d.at, end: d.end, text: d.text }],
  }
}
