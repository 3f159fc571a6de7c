/**
 * `rsure serve [--port N]`: the app in a local browser (main/server/). Prints the address to open (it carries this
 * launch's token) and serves until interrupted (Ctrl+C).
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { startServer, ServeError } from '../../server/server'
import { defaultDataDir } from '../../store/paths'
import { CliError, parseCommandArgs, printJson, validate, type Command } from '../io'
import { PROJECT_ROOT, RSURE_VERSION } from '../version'

/** Where `npm run build:renderer` writes the browser build (from the sources and from the built bundle alike). */
export const DEFAULT_RENDERER_DIR = path.join(PROJECT_ROOT ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..'), 'out', 'web')
export const DEFAULT_PORT = 4780

const command: Command = {
  name: 'serve',
  summary: 'Serve the app to a local browser on 127.0.0.1 (browser mode); prints the address to open.',
  usage: `rsure serve [--port N] [--renderer DIR] [--data-dir DIR] [--json]  (port ${DEFAULT_PORT} by default, 0 picks a free one)`,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs('serve', argv, {
      port: { type: 'string', default: String(DEFAULT_PORT) },
      renderer: { type: 'string' },
      'data-dir': { type: 'string' },
      json: { type: 'boolean', default: false },
    })
    if (positionals.length > 0) throw new CliError(`rsure serve takes no arguments besides its options (got '${positionals[0]}').`, 2)
    const port = validate(z.coerce.number().int().min(0).max(65535), values.port, `--port '${values.port}'`)
    let server
    try {
      server = await startServer({
        port,
        rendererDir: path.resolve(values.renderer ?? DEFAULT_RENDERER_DIR),
        dataDir: path.resolve(values['data-dir'] ?? defaultDataDir()),
        version: RSURE_VERSION,
      })
    } catch (err) {
      if (err instanceof ServeError) throw new CliError(err.message, 1)
      throw err
    }
    if (values.json) printJson(io, { url: server.url, origin: server.origin, port: server.port })
    else io.stdout(`RSure is serving on ${server.url}\nOpen that address in a browser on this machine; press Ctrl+C to stop.\n`)
    await new Promise<void>((resolve) => {
      if (io.signal.aborted) resolve()
      else io.signal.addEventListener('abort', () => resolve(), { once: true })
    })
    await server.close()
    io.stderr('RSure stopped serving.\n')
    return 0
  },
}

export default command
