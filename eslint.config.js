// ESLint (typescript-eslint, type-aware) for all of main/, preload, the renderer and bench; `npm run lint` checks
// these with prettier, and `npm test` runs it.
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

export const LINTED_DIRS = ['main', 'preload', 'renderer/src', 'bench']
export const LINTED = LINTED_DIRS.map((d) => `${d}/**/*.{ts,tsx}`)

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
    // The renderer's hooks: called unconditionally, and every value an effect reads is in its dependency list.
    files: ['renderer/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
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
