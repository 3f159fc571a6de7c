// Starts tile-worker.ts in a worker thread when RSure runs from its TypeScript sources (CLI, `rsure serve`, tests):
// tsx compiles it on the fly. The desktop build bundles the worker instead (electron.vite.config.ts).
import { register } from 'tsx/esm/api'

register()
await import('./tile-worker.ts')
