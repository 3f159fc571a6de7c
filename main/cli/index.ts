/**
 * The `rsure` command line (DESIGN section 7). Headless: the same services as the desktop app, no Electron.
 * Each command lives in `commands/<name>.ts` and is loaded only when called, so `rsure info` never pays for the
 * agent or the ONNX runtime. `--json` prints one JSON document on stdout; errors are one sentence on stderr with a
 * non-zero exit code.
 */
import { CliError, type CliIo, type Command } from './io'
import { appendLog } from './log'
import { RSURE_VERSION } from './version'

const commands: Record<string, () => Promise<{ default: Command }>> = {
  info: () => import('./commands/info'),
  serve: () => import('./commands/serve'),
  exec: () => import('./commands/exec'),
  ask: () => import('./commands/ask'),
  classify: () => import('./commands/classify'),
  prior: () => import('./commands/prior'),
  perceive: () => import('./commands/perceive'),
  measure: () => import('./commands/measure'),
  models: () => import('./commands/models'),
  eval: () => import('./commands/eval'),
  mcp: () => import('./commands/mcp'),
}

const summaries: Record<string, string> = {
  info: 'describe a GeoTIFF/COG, PNG or JPEG file',
  serve: 'serve the app to a local browser (headless mode)',
  exec: 'run an execute DAG and print its ToolResult',
  ask: 'answer a question about images or files with the verified agent',
  classify: 'map questions to one of the 21 task types',
  prior: 'show, query, calibrate, export or import the reliability prior',
  perceive: 'run perceive once (regions, change, objects, scene, document, evidence, measurement)',
  measure: 'measure counts, areas, lengths, distances, fractions, overlaps and relations from declared sources',
  models: 'list, add, check or remove local ONNX model packs; probe what a served model can do',
  eval: 'evaluate the agent on a task suite or the fault-injection suite',
  mcp: 'serve the verified tools to other agents over the Model Context Protocol',
}

/** The environment variables the commands read, with what each sets (listed by `rsure help`). */
export const ENVIRONMENT: Record<string, string> = {
  RSURE_DATA_DIR: 'the data folder (database, artifacts, model packs); default: the per-user folder',
  RSURE_ALLOWED_ENDPOINTS: 'comma-separated origins a model client may reach besides loopback (none by default)',
  RSURE_OPENAI_API_KEY: 'API key sent to an openai: backbone (local servers need none)',
  RSURE_VLM: 'the vision-language model perceive may use (openai:URL#MODEL; default: an openai backbone itself)',
  RSURE_MODEL_TIMEOUT_S: 'deadline of one model call across its retries, seconds (default 120)',
  RSURE_ASK_TIMEOUT_S: 'deadline of one run, its model calls and its tools together, seconds (default 1800)',
  RSURE_MCP_TOKEN: 'the launch token of rsure mcp --http (default: a random one, printed)',
  RSURE_NATIVE_MODELS: 'folder of ONNX model packs',
  RSURE_RESOURCES_DIR: 'folder of retrieval cards, prompts and the seeded prior',
  RSURE_RASTER_WORKERS: 'number of raster worker threads',
  RSURE_MAX_PIXELS: 'most pixels one raster read may decode',
  RSURE_MAX_MEMORY_MB: 'memory limit of a raster worker, MiB',
  RSURE_RASTER_WORKER: 'path of the raster worker entry (normally found beside the bundle)',
  RSURE_VISION_WORKER: 'path of the vision worker entry (normally found beside the bundle)',
  RSURE_MAX_PREVIEW_PIXELS: 'most pixels a preview may decode (rsure serve, desktop)',
  RSURE_PREVIEW_TIMEOUT_MS: 'time limit of one preview, ms (rsure serve, desktop)',
  RSURE_PICTURE_CACHE:
    'folder of the TIFF copies the raster tools decode PNG/JPEG pictures into, private to this user (default: rsure-pictures-<uid> in the temp folder)',
  RSURE_PICTURE_CACHE_MB: 'size of the picture cache above which the oldest copies are removed, MiB (default 2048)',
  RSURE_MAX_CHUNKS: 'most tiles or strips one open file may decode (default 262144)',
  RSURE_NODE_CACHE: 'set to 0 to switch off the execute node cache (repairs then re-run every node)',
  RSURE_POISON_BUFFERS: 'set to 1 to fill every pixel buffer the engine hands out with garbage (debugging: results must not change)',
  RSURE_FAULT_FILES: 'folder where rsure eval --faults writes its spoiled copies of files (default: a temp folder)',
  RSURE_FAULT_PACKS: 'folder of fake detector packs that rsure eval --faults adds as perception faults (same as --packs)',
  RSURE_WORKER_IDLE_MS: 'idle time after which a worker thread is retired and its memory returned, ms (default 60000)',
  RSURE_MAX_UPLOAD_MB: 'largest upload rsure serve accepts, MiB',
  RSURE_CHROMIUM: 'Chromium executable for PDF reports printed headless',
  RSURE_DEBUG: 'print stack traces with errors',
}

function help(): string {
  const width = Math.max(...Object.keys(summaries).map((k) => k.length))
  const lines = Object.entries(summaries).map(([k, s]) => `  ${k.padEnd(width)}  ${s}`)
  const envWidth = Math.max(...Object.keys(ENVIRONMENT).map((k) => k.length))
  const env = Object.entries(ENVIRONMENT).map(([k, s]) => `  ${k.padEnd(envWidth)}  ${s}`)
  return `Usage: rsure <command> [options]\n       rsure --version\n\nCommands:\n${lines.join('\n')}\n\nEnvironment:\n${env.join('\n')}\n\nRun 'rsure help <command>' for a command's options.\n`
}

export function defaultIo(): CliIo {
  const controller = new AbortController()
  const abort = () => controller.abort(new Error('interrupted by the user'))
  process.once('SIGINT', abort)
  process.once('SIGTERM', abort)
  // A reader that stops early (`rsure ... | head`) closes the pipe: that is the reader's choice, not a failure.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE') process.exit(0)
      throw err
    })
  }
  return {
    stdout: (t) => void process.stdout.write(t),
    stderr: (t) => void process.stderr.write(t),
    signal: controller.signal,
  }
}

export async function main(argv: string[], io: CliIo = defaultIo()): Promise<number> {
  const [name, ...rest] = argv
  if (!name || name === '--help' || name === '-h' || (name === 'help' && rest.length === 0)) {
    io.stdout(help())
    return 0
  }
  if (name === '--version' || name === '-V' || name === 'version') {
    io.stdout(`rsure ${RSURE_VERSION}\n`)
    return 0
  }
  const wanted = name === 'help' ? rest[0] : name
  const load = commands[wanted]
  if (!load) {
    io.stderr(`Unknown command '${wanted}': run 'rsure help' to list the commands.\n`)
    return 2
  }
  try {
    const command = (await load()).default
    if (name === 'help' || rest.includes('--help') || rest.includes('-h')) {
      io.stdout(`${command.summary}\n\nUsage: ${command.usage}\n`)
      return 0
    }
    appendLog(`rsure ${RSURE_VERSION} ${wanted} started`)
    const code = await command.run(rest, io)
    appendLog(`rsure ${wanted} ended with exit code ${code}`)
    return code
  } catch (err) {
    if (err instanceof CliError || (err as Error)?.name === 'DataFolderError') {
      const code = err instanceof CliError ? err.code : 1
      appendLog(`rsure ${wanted} failed (exit ${code}): ${(err as Error).message}`)
      io.stderr(`${(err as Error).message}\n`)
      return code
    }
    const e = err as Error
    appendLog(`rsure ${wanted} failed: ${e?.stack ?? String(err)}`)
    io.stderr(`rsure ${wanted} failed: ${e?.message ?? String(err)}\n`)
    if (process.env.RSURE_DEBUG) io.stderr(`${e?.stack ?? ''}\n`)
    return 1
  }
}
