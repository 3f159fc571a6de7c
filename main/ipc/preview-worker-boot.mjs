// Starts preview-worker.ts in a worker thread when RSure runs from its TypeScript sources (CLI, `rsure serve`,
// tests): tsx compiles it on the fly, as bin/rsure.mjs does for the CLI. The desktop build bundles the worker
// instead (electron.vite.config.ts) and never loads this file.
import { register } from 'tsx/esm/api'

register()
await import('./preview-worker.ts')
