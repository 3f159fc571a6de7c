/** Hostile corpus 2, family 'symlink': links to a folder, to each other, to nothing, and to a valid case. */
import fs from 'node:fs'
import { type CaseWriter, type Hostile2Case } from './hostile-corpus-2-case'

/** Symlinks named .tif; the last points at predictor-2-uint16-valid.tif, so it runs after the predictor family. */
export function symlinkCases(w: CaseWriter): void {
  const { file, add, cases } = w
  // ---- symlinks ----
  {
    fs.mkdirSync(file('a-real-folder'))
    fs.symlinkSync(file('a-real-folder'), file('symlink-to-folder.tif'))
    add({ name: 'symlink-to-folder.tif', family: 'symlink', kind: 'special', accept: 'refusal', note: 'a symlink named .tif pointing at a folder' })
    fs.symlinkSync(file('symlink-loop-b.tif'), file('symlink-loop-a.tif'))
    fs.symlinkSync(file('symlink-loop-a.tif'), file('symlink-loop-b.tif'))
    add({ name: 'symlink-loop-a.tif', family: 'symlink', kind: 'special', accept: 'refusal', note: 'two symlinks pointing at each other' })
    fs.symlinkSync(file('does-not-exist.tif'), file('symlink-dangling.tif'))
    add({ name: 'symlink-dangling.tif', family: 'symlink', kind: 'special', accept: 'refusal', note: 'a symlink to nothing' })
    const target = cases.find((c) => c.name === 'predictor-2-uint16-valid.tif') as Hostile2Case
    fs.symlinkSync(target.path, file('symlink-to-valid.tif'))
    add({
      name: 'symlink-to-valid.tif',
      family: 'symlink',
      kind: 'special',
      accept: 'values',
      width: 64,
      height: 48,
      stats: target.stats,
      note: 'a symlink to a valid file',
    })
  }
}
