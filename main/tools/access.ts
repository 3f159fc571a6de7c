/**
 * Containment of tool arguments: the paths a planner (rules, or a language model that may be talked into anything)
 * puts in a tool call may name only what the analyst added to the question — the files and folders dropped, picked
 * or given with --files/--image — and the artifacts of runs. Everything else is refused with a reason, before any
 * file is opened or any folder listed.
 *
 * Paths are compared after lexical normalisation (path.resolve: `..` and `.` removed), not after following links: a
 * link the analyst put inside a folder they added is theirs to use, while `../../etc` or `/etc` are not. Special files
 * are refused separately by the readers (engines/raster/regular-file.ts), whatever the containment says.
 */
import fs from 'node:fs'
import path from 'node:path'

/** A path a tool may not read; one sentence for the trajectory and the analyst. */
export class AccessError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'AccessError'
  }
}

function inside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child)
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel))
}

export class FileAccess {
  private readonly files: Set<string>
  private readonly folders: string[]

  /** `files`: files the analyst added; `folders`: added folders (everything under them) and the artifact store. */
  constructor(files: readonly string[], folders: readonly string[]) {
    this.files = new Set(files.map((f) => path.resolve(f)))
    this.folders = folders.map((d) => path.resolve(d))
  }

  /** The access of one question: each input is a folder (when it is one on disk) or a file, plus the artifacts. */
  static forInputs(inputs: readonly string[], artifactsDir?: string): FileAccess {
    const files: string[] = []
    const folders: string[] = artifactsDir ? [artifactsDir] : []
    for (const p of inputs) {
      let dir = false
      try {
        dir = fs.statSync(p).isDirectory()
      } catch {
        // a missing input is a file the readers will report as missing
      }
      ;(dir ? folders : files).push(p)
    }
    return new FileAccess(files, folders)
  }

  /** Whether `p` is an added file, an added folder or lies inside one. */
  allows(p: string): boolean {
    const abs = path.resolve(p)
    return this.files.has(abs) || this.folders.some((d) => inside(abs, d))
  }

  /** Throw an AccessError unless `p` may be read; `what` names the argument in the message. */
  check(p: string, what: string): void {
    if (this.allows(p)) return
    const added = this.files.size + this.folders.length
    throw new AccessError(`${what} names '${p}', which is not among the files and folders added to this question${added ? '' : ' (none were added)'}; add it first, or use only the added inputs.`)
  }
}
