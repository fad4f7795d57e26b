// ESLint for the whole tree (`npm run lint`, part of `npm test`): ESLint's and typescript-eslint's
// recommended rules, the TypeScript ones with type information (floating promises, unsafe `any`,
// misused promises). Formatting is Prettier's job alone: eslint-config-prettier, last, switches off
// every rule the two could disagree on.
import path from 'node:path';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier/flat';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.resolve(import.meta.dirname, '..');

export default defineConfig(
  // Built and generated code is not ours to lint: `*.generated.ts` is openapi-typescript's output
  // (`npm run api:generate`, 147 KB of declarations; test/docs/api-types.test.ts keeps it current).
  globalIgnores(['**/dist/', 'data/', 'coverage/', '.tmp/', 'test/results/', '**/*.generated.ts']),
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      // One TypeScript program for the whole tree (the root tsconfig, which reads the packages from
      // their sources) and one for the browser code: a program per package (projectService) built
      // the same files up to nine times, 83 s of CPU and 1.9 GB against 69 s and 1.2 GB.
      parserOptions: { project: ['tsconfig.json', 'packages/dashboard/ui/tsconfig.json'], tsconfigRootDir: root },
    },
    rules: {
      // `const { secret: _s, ...rest } = row` is how the code drops a member; `_name` marks a
      // parameter a signature requires but the body does not use.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Passing on what a `catch` or an AbortSignal holds (`reject(error)`, `reject(signal.reason)`)
      // keeps the original failure; only new rejections must be Errors.
      '@typescript-eslint/prefer-promise-reject-errors': [
        'error',
        { allowThrowingAny: true, allowThrowingUnknown: true },
      ],
    },
  },
  {
    // Plain JavaScript (the bin shim, benchmark helpers, the tesseract worker): no type information.
    files: ['**/*.{js,mjs,cjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
  {
    // The dashboard's Preact hooks follow React's rules of hooks.
    files: ['packages/dashboard/ui/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // The in-memory stores implement ports whose methods return promises; they are `async` so that
    // they fail the way the SQL stores do (a rejected promise, never a synchronous throw), although
    // they have nothing to await.
    files: ['packages/core/src/testing/memory/**/*.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      // Tests read HTTP bodies, parsed JSON and raw SQL rows, which are `any` by nature; the
      // assertions (`expect(res.body.error.code).toBe(...)`) are what check their shape, and a
      // type cast before each would claim a shape the test has not checked yet.
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      // Fakes implement async ports (stores, transports) with bodies that have nothing to await.
      '@typescript-eslint/require-await': 'off',
      // In tests, without its void-return check (a promise-returning function passed where a
      // void-returning one is expected: an async listener, an async `forEach` body), the rule's
      // costliest part (it asks the type checker about every argument of every call, and tests are
      // mostly calls). vitest already fails a run on the unhandled rejection such a promise would
      // leave, and no-floating-promises still flags a promise a test drops. Its conditional and
      // spread checks (`if (promise)`, which would make an assertion pass unawaited) stay, and
      // sources keep the whole rule.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
    },
  },
  prettier,
);
