import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Two cores on CI: run files in forks, at most two at once.
    pool: 'forks',
    maxWorkers: 2,
  },
})
