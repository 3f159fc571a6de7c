/**
 * The entry of the built CLI (out/main/cli.js, from `npm run build`): the same `rsure` as bin/rsure.mjs, compiled,
 * so it runs in plain Node with no TypeScript compiled at run time: `node out/main/cli.js ask ...`.
 */
import { main } from './index'

process.exitCode = await main(process.argv.slice(2))
