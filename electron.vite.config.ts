/**
 * The desktop build (electron-vite): main process from main/app/index.ts (ESM), the sandboxed preload from
 * preload/index.ts (CommonJS, every dependency bundled: a sandboxed preload can only require 'electron'), and the
 * renderer from renderer/index.html. Output in out/{main,preload,renderer}; package.json "main" points at
 * out/main/index.js. The browser build of the same renderer is renderer/vite.config.ts.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'electron-vite'

const root = path.dirname(fileURLToPath(import.meta.url))

export default defineConfig({
  main: {
    build: {
      outDir: path.join(root, 'out', 'main'),
      rollupOptions: {
        input: {
          index: path.join(root, 'main', 'app', 'index.ts'),
          // Previews run in a worker thread (main/ipc/preview-pool.ts); main/app/index.ts points the pool here.
          'preview-worker': path.join(root, 'main', 'ipc', 'preview-worker.ts'),
          // Map tiles likewise (main/ipc/tile-pool.ts).
          'tile-worker': path.join(root, 'main', 'ipc', 'tile-worker.ts'),
          // ONNX inference (main/engines/vision/runtime/host.ts looks for inference-worker.js next to the bundle).
          'inference-worker': path.join(root, 'main', 'engines', 'vision', 'runtime', 'inference-worker.ts'),
          // Raster jobs (main/engines/raster/worker/pool.ts looks for exec-worker.js next to the bundle).
          'exec-worker': path.join(root, 'main', 'engines', 'raster', 'worker', 'exec-worker.ts'),
          // The headless CLI, compiled: `node out/main/cli.js ask ...` runs without tsx.
          cli: path.join(root, 'main', 'cli', 'bin.ts'),
        },
        // Chunks beside the entries, so a worker entry is found next to whichever chunk looks for it.
        output: { chunkFileNames: '[name]-[hash].js' },
        // A devDependency loaded only when a PDF report is printed headless; never bundled.
        external: ['playwright-core'],
      },
    },
  },
  preload: {
    build: {
      outDir: path.join(root, 'out', 'preload'),
      externalizeDeps: false,
      rollupOptions: {
        input: { index: path.join(root, 'preload', 'index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: path.join(root, 'renderer'),
    base: './',
    plugins: [react()],
    build: {
      outDir: path.join(root, 'out', 'renderer'),
      rollupOptions: { input: { index: path.join(root, 'renderer', 'index.html') } },
    },
  },
})
