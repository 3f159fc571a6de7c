#!/usr/bin/env node
// The `rsure` command. The sources are TypeScript; tsx compiles them on the fly (cached), so the CLI runs in
// plain Node with no build step and no Electron.
import { register } from 'tsx/esm/api'

register()
const { main } = await import('../main/cli/index.ts')
process.exitCode = await main(process.argv.slice(2))
