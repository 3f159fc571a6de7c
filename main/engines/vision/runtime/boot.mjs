// Worker bootstrap for unbundled runs (CLI, tests): registers tsx so the TypeScript worker entry can load.
// Bundled builds start the compiled inference-worker.js directly (see host.ts).
import { register } from 'tsx/esm/api'

register()
await import('./inference-worker.ts')
