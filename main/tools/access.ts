/**
 * Containment of tool arguments: the paths a planner (rules, or a language model that may be talked into anything)
 * puts in a tool call may name only what the analyst added to the question — the files and folders dropped, picked
 * or given with --files/--image — and the artifacts of runs. Everything else is refused with a reason, before any
 * file is opened or any folder listed.
 *
 * One guard for every tool: ToolRegistry.register wraps each tool's run with `containTool`, so the agent loop, the
 * MCP server and the evaluation harness all pass through it; `toolPaths` finds every path an argument names (any
 * key called path(s), file(s), dir, layer or image(s), at any depth, and execute DAGs' node params resolved against
 * their base_dir). A path is allowed when it lies inside an added input both lexically (`..` and `.` removed) and
 * after following links (its canonical real path inside an input's real path), so `../../etc/passwd`, `/etc/passwd`,
 * a symlink inside an added folder that points out of it, and a Windows-style path (drive letter, UNC, backslashes)
 * are refused by name. Files a catalog lists inside an added folder are the analyst's own and are read as listed;
 * special files are refused separately by the readers (engines/raster/regular-file.ts).
 */
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { failedResult } from './protocol'
import type { Tool, ToolContext } from './tool'
import { errorCode } from '../domain/errors'

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

/** The canonical real path of `p`, or of its deepest existing ancestor joined with the rest; null on a link loop. */
function realOf(p: string): string | null {
  let head = p
  const rest: string[] = []
  for (let i = 0; i < 4096; i++) {
    try {
      return path.join(fs.realpathSync.native(head), ...rest.reverse())
    } catch (err) {
      const code = errorCode(err)
      if (code === 'ELOOP') return null
      const parent = path.dirname(head)
      if (parent === head) return path.join(head, ...rest.reverse())
      rest.push(path.basename(head))
      head = parent
    }
  }
  return null
}

/** Why a path string is not a local POSIX path this guard can judge (NUL byte, Windows drive or UNC form), or null. */
function foreignForm(p: string): string | null {
  if (p.includes('\0')) return 'holds a NUL byte'
  if (path.sep === '/' && (/^[A-Za-z]:([\\/]|$)/.test(p) || p.startsWith('\\\\') || p.includes('\\'))) return 'is a Windows-style path'
  return null
}

export class FileAccess {
  private readonly files: Set<string>
  private readonly folders: string[]
  private readonly realFiles: Set<string>
  private readonly realFolders: string[]

  /** `files`: files the analyst added; `folders`: added folders (everything under them) and the artifact store. */
  constructor(files: readonly string[], folders: readonly string[]) {
    this.files = new Set(files.map((f) => path.resolve(f)))
    this.folders = folders.map((d) => path.resolve(d))
    this.realFiles = new Set([...this.files].map((f) => realOf(f)).filter((f): f is string => f !== null))
    this.realFolders = this.folders.map((d) => realOf(d)).filter((d): d is string => d !== null)
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

  /** Why `p` may not be read (a clause), or null when it is an added file, inside an added folder, really. */
  problem(p: string): string | null {
    const foreign = foreignForm(p)
    if (foreign) return foreign
    const abs = path.resolve(p)
    const lexical = this.files.has(abs) || this.folders.some((d) => inside(abs, d))
    if (!lexical) return 'is not among the files and folders added to this question'
    const real = realOf(abs)
    if (real === null) return 'is a loop of symbolic links'
    // An added file that is itself a link is the analyst's choice; anything else must stay inside really.
    if (this.files.has(abs) || this.realFiles.has(real) || this.realFolders.some((d) => inside(real, d))) return null
    return `is a link that leads out of the added files and folders (to '${real}')`
  }

  /** Whether `p` is an added file, an added folder or lies inside one (lexically and after following links). */
  allows(p: string): boolean {
    return this.problem(p) === null
  }

  /** Throw an AccessError unless `p` may be read; `what` names the argument in the message. */
  check(p: string, what: string): void {
    const why = this.problem(p)
    if (!why) return
    const added = this.files.size + this.folders.length
    throw new AccessError(
      `${what} names '${p}', which ${why}${added ? '' : ' (none were added)'}; a tool call may read only the analyst's inputs and run artifacts.`,
    )
  }
}

/** An execute DAG's base_dir, read before the DAG is validated (this boundary only). */
const ExecuteBase = z.object({ base_dir: z.string() })

/** Keys whose string values (or arrays of strings) are paths, in any tool's arguments. */
const PATH_KEY = /^(?:.*_)?(?:path|paths|file|files|dir|dirs|folder|layer|image|images|mask|mask_tiff)$/i

/**
 * Every path a tool call's arguments name, with where it sits ('sources[0].image_paths[1]') and how to resolve it:
 * an execute DAG's node paths against its base_dir (as the compiler resolves them), everything else as given.
 */
export function toolPaths(tool: string, args: unknown, cwd = process.cwd()): { what: string; path: string }[] {
  const out: { what: string; path: string }[] = []
  const dag = tool === 'execute' ? ExecuteBase.safeParse(args) : null
  const base = dag ? path.resolve(cwd, dag.success ? dag.data.base_dir : '.') : cwd
  const walk = (v: unknown, where: string, depth: number, keyed: boolean): void => {
    if (depth > 12 || out.length > 10_000) return
    if (typeof v === 'string') {
      // '@name' is a DAG reference to another node, not a path.
      if (keyed && v && !v.startsWith('@')) out.push({ what: where, path: foreignForm(v) ? v : path.resolve(base, v) })
    } else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${where}[${i}]`, depth + 1, keyed))
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) if (k !== 'base_dir') walk(x, where ? `${where}.${k}` : k, depth + 1, PATH_KEY.test(k))
  }
  walk(args, '', 0, false)
  return out
}

/** The first refusal of a call's paths under `access`, as one sentence, or null when every path may be read. */
export function refuseToolPaths(tool: string, args: unknown, access: FileAccess, cwd = process.cwd()): string | null {
  for (const { what, path: p } of toolPaths(tool, args, cwd)) {
    const why = access.problem(p)
    if (why) return `The ${tool} call's ${what} names '${p}', which ${why}; a tool call may read only the analyst's inputs and run artifacts.`
  }
  return null
}

/**
 * A tool whose run first checks every path of its arguments against the call's access (ctx.access) and returns a
 * status 'error' result naming the path and the reason, without running, when one is refused. Calls without an
 * access (the command line's `rsure exec`, whose user names the paths) run as before.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any tool: its own argument and observation types pass through
export function containTool<T extends Tool<any, any>>(tool: T): T {
  const run = tool.run.bind(tool)
  return {
    ...tool,
    run: async (args: unknown, ctx: ToolContext) => {
      if (ctx?.access) {
        const reason = refuseToolPaths(tool.name, args, ctx.access)
        if (reason) return failedResult('error', reason, { tool: tool.name, coarse: `${tool.name}:refused`, fine: `${tool.name}:refused|access` })
      }
      return run(args, ctx)
    },
  }
}
