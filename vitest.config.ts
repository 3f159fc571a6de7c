import { defineConfig } from 'vitest/config'

/**
 * Measurement suites that ask hundreds of questions or run every hostile file through child processes take 5-20
 * minutes each on two cores; `npm test` leaves them out so CI stays inside its time, and `npm run test:slow` runs
 * them (each asserts its own ceiling and floor and can fail).
 */
const SLOW = [
  'tests/integration/heldout-questions.test.ts',
  'tests/integration/data-faults.test.ts',
  'tests/integration/hostile-corpus-2.test.ts',
  // Issue 17's big session: 55 rasters uploaded, then five reloads (minutes on two cores).
  'tests/e2e/desk-reload.test.ts',
]

/**
 * Unit test files that need a module registry of their own: one replaces a module with vi.mock (a registry shared
 * with earlier files would hand it the real module), the others set an environment variable at import time that
 * would otherwise stay set for the files after them in the same process.
 */
const OWN_REGISTRY = [
  'tests/unit/ipc/file-registry-contract.test.ts',
  'tests/unit/task/issue15-refusal-classes.test.ts',
  'tests/unit/task/issue15-wrong-classes.test.ts',
  'tests/unit/task/issue15-answer-area.test.ts',
  'tests/unit/agent/rules-compile-landsat.test.ts',
  'tests/unit/agent/rules-compile-spec.test.ts',
]

const EXCLUDE = ['**/node_modules/**', ...SLOW]

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Two cores on CI: run files in forks, at most two at once.
    pool: 'forks',
    maxWorkers: 2,
    projects:
      process.env.RSURE_SLOW === '1'
        ? [{ extends: true, test: { name: 'slow', include: SLOW } }]
        : [
            // Unit files share one module registry per worker process (isolate: false): most of them import the
            // same large graph of main/, which each file would otherwise evaluate again (half of a unit file's
            // time). Each file still sets up and cleans its own temporary folders and stores.
            { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'], exclude: [...EXCLUDE, ...OWN_REGISTRY], isolate: false } },
            // Integration and browser tests start processes, servers and browsers and set environment variables:
            // each file in a process of its own.
            { extends: true, test: { name: 'isolated', include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'], exclude: [...EXCLUDE, 'tests/unit/**'] } },
            { extends: true, test: { name: 'unit-own-registry', include: OWN_REGISTRY } },
          ],
  },
})
