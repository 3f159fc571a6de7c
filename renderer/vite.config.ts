/**
 * The browser build of the renderer (`npm run build:renderer`), served by `rsure serve` from out/web. The desktop
 * build of the same sources is electron-vite's (electron.vite.config.ts). Relative asset paths, no inline scripts
 * (the CSP forbids them), nothing fetched from the network at run time.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const here = path.dirname(fileURLToPath(import.meta.url))

export default defineConfig({
  root: here,
  base: './',
  plugins: [react()],
  build: {
    outDir: path.resolve(here, '..', 'out', 'web'),
    emptyOutDir: true,
    sourcemap: true,
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 2048,
  },
})
