// ESLint (typescript-eslint, type-aware) for the layers already brought to the house style: main/domain and
// preload. `npm run lint` checks only these; widen `files` as other layers are brought in (issue 19).
import js from '@eslint/js'
import tseslint from 'typescript-eslint'

export const LINTED = ['main/domain/**/*.ts', 'preload/**/*.ts']

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
