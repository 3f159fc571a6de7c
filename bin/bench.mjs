#!/usr/bin/env node
// `npm run bench`: runs every bench/*.bench.ts in turn (see bench/run.ts).
import { register } from 'tsx/esm/api'

register()
const { runBenches } = await import('../bench/run.ts')
process.exitCode = await runBenches(process.argv.slice(2))
