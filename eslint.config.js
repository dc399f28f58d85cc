import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-ssr/**', 'data/**', 'e2e/artifacts/**', 'tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Only repositories (and the database layer itself) write SQL: a query builder call or kysely's
    // `sql` anywhere else in the server is an error. Tests and their kits read rows directly.
    files: ['server/src/**/*.ts'],
    ignores: [
      'server/src/**/*.repository.ts',
      'server/src/db/**',
      'server/src/**/*.test.ts',
      'server/src/**/*.testkit.ts',
      'server/src/**/testing.ts',
      'server/src/test/**',
      'server/src/security/**',
      'server/src/cluster/cluster-cases.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression > MemberExpression.callee > Identifier.property[name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/]',
          message: 'SQL belongs in a repository (*.repository.ts): call one from here.',
        },
      ],
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'kysely', importNames: ['sql'], message: 'SQL belongs in a repository (*.repository.ts): call one from here.' }] },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
