// ESLint (typescript-eslint, type-aware) for the layers already brought to the house style: main/domain, preload,
// the engines, tools, store, server, IPC, CLI, app shell and bench. `npm run lint` checks these (and `npm test` runs
// it); the agent, verify, prior, eval, task, mcp and renderer layers join as their owners bring them in (issue 19).
import js from '@eslint/js'
import tseslint from 'typescript-eslint'

export const LINTED_DIRS = ['main/domain', 'preload', 'main/engines', 'main/tools', 'main/store', 'main/server', 'main/ipc', 'main/cli', 'main/app', 'main/mcp', 'bench']
export const LINTED = [...LINTED_DIRS.map((d) => `${d}/**/*.ts`), 'main/services.ts']

export default tseslint.config(
  { ignores: ['node_modules/**', 'out/**', 'dist/**'] },
  {
    files: LINTED,
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'max-lines-per-function': ['warn', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['main/domain/**/*.ts'],
    rules: {
      // No package but zod, no node: module (tests/unit/house-rules.test.ts also checks that no relative import
      // leaves main/domain, which needs the resolved path).
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!zod$|\\.)', message: 'main/domain imports nothing but zod and its own files.' }] }],
    },
  },
)
