// ESLint flat config (kept under .config/ because the top level holds only the files DESIGN.md lists).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import vitest from '@vitest/eslint-plugin';
import globals from 'globals';

/** Module names as regular expressions ('#' would start a comment in gitignore-style `group` patterns). */
const layer = (regexes) => [
  'error',
  { patterns: regexes.map((regex) => ({ regex, message: 'Imports point inward: app → shared ← server (DESIGN.md §2).' })) },
];

export default tseslint.config(
  { ignores: ['dist/**', 'coverage/**', 'src/app/routeTree.gen.ts', 'src/server/db/migrations/**', '.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': layer(['^#server/', '^node:']),
    },
  },
  {
    // lib/sync/outbox.ts is the outbox table's only door (docs/architecture.md §4): nothing else names `db.outbox`.
    files: ['src/app/**/*.{ts,tsx}'],
    ignores: ['src/app/lib/sync/outbox.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='db'][property.name='outbox']",
          message: 'The outbox has one door: use lib/sync/outbox.ts (enqueue, claim, settle, fold, drop, wake, queueScope, pullScope...).',
        },
        {
          selector: "CallExpression[callee.property.name='table'] > Literal[value='outbox']",
          message: 'The outbox has one door: use lib/sync/outbox.ts.',
        },
      ],
    },
  },
  {
    files: ['src/app/sw/*.js'],
    languageOptions: { globals: { ...globals.serviceworker, __DOSEHUB_VERSION__: 'readonly', __DOSEHUB_PRECACHE__: 'readonly' } },
  },
  { files: ['src/server/**/*.ts'], rules: { 'no-restricted-imports': layer(['^#app/']) } },
  { files: ['src/build/**/*.ts'], rules: { 'no-restricted-imports': layer(['^#app/', '^#server/']) } },
  {
    files: ['src/shared/**/*.ts'],
    rules: { 'no-restricted-imports': layer(['^#app/', '^#server/', '^node:', '^react(-dom)?$', '^dexie', '^fastify', '^drizzle-orm']) },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    plugins: { vitest },
    languageOptions: { globals: { ...vitest.environments.env.globals } },
    rules: {
      'vitest/no-disabled-tests': 'error',
      'vitest/no-focused-tests': 'error',
      'vitest/expect-expect': ['error', { assertFunctionNames: ['expect', 'expect*', 'assert*'] }],
      'vitest/valid-expect': 'error',
      'no-console': 'off',
    },
  },
);
