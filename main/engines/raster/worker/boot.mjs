// Worker bootstrap for unbundled runs (CLI, tests): registers tsx so the TypeScript worker entry can load.
// Bundled builds start the compiled exec-worker.js directly (see pool.ts).
import { register } from 'tsx/esm/api'

register()
await import('./exec-worker.ts')
