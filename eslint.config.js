import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';

/** The server's shared modules: infrastructure and what several features use. */
const SERVER_SHARED = 'server/src/(access|audit|cache|cluster|db|events|identity|lib|load|mail|metrics|notify|plugins|post-html|rate-limit|security|storage|test)';

const SQL_IN_REPOSITORIES = 'SQL belongs in a repository (*.repository.ts): call one from here.';
/**
 * What writes or runs SQL: kysely's query builders and schema builders, its `executeQuery`, the
 * database wrapper's hand-written reads (`database.all`, `database.readNow`: db/database.ts), and a
 * driver's statement given as a string (`client.query('…')`, `sqlite.exec('…')`, `sqlite.prepare('…')`).
 * Not `Promise.all`, nor `db.transaction().execute(async (trx) => …)`: a service opens the transaction
 * and hands `trx` to repositories. scripts/sql-rule.test.ts shows what is refused and what is not.
 */
const SQL_CALLS = [
  {
    selector:
      'CallExpression > MemberExpression.callee > Identifier.property[name=/^(selectFrom|selectNoFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|withRecursive|executeQuery|createTable|alterTable|dropTable|createIndex|dropIndex|createView|dropView|createType|dropType)$/]',
    message: SQL_IN_REPOSITORIES,
  },
  {
    selector: 'CallExpression > MemberExpression.callee[object.name!="Promise"] > Identifier.property[name=/^(all|readNow)$/]',
    message: SQL_IN_REPOSITORIES,
  },
  {
    selector: 'CallExpression[arguments.0.type=/^(Literal|TemplateLiteral)$/] > MemberExpression.callee > Identifier.property[name=/^(query|exec|prepare|execute)$/]',
    message: SQL_IN_REPOSITORIES,
  },
];
/** kysely's raw SQL: the `sql` tag (and its sql.raw, sql.ref, …) and compiled queries made by hand. */
const SQL_IMPORTS = [{ name: 'kysely', importNames: ['sql', 'CompiledQuery'], message: SQL_IN_REPOSITORIES }];
/** Where SQL may be written: repositories, the database layer, tests and what only tests use. */
const SQL_ALLOWED = [
  'server/src/**/*.repository.ts',
  'server/src/db/**',
  'server/src/**/*.test.ts',
  'server/src/**/*.testkit.ts',
  'server/src/**/testing.ts',
  'server/src/test/**',
  'server/src/security/**',
  'server/src/cluster/cluster-cases.ts',
];

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
    ignores: SQL_ALLOWED,
    rules: {
      'no-restricted-syntax': ['error', ...SQL_CALLS],
      'no-restricted-imports': ['error', { paths: SQL_IMPORTS }],
    },
  },
  {
    // An API call is served only as the endpoint table declares it: route(app, name, handler)
    // (server/src/plugins/endpoint.ts), never app.get/app.post by hand. The web's pages and form posts
    // (render/) and the metrics scrape are not API calls. (Repeats the SQL rule: one rule, one setting.)
    files: ['server/src/**/*.ts'],
    ignores: [...SQL_ALLOWED, 'server/src/render/**', 'server/src/metrics/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...SQL_CALLS,
        {
          selector: 'CallExpression[callee.object.name="app"] > MemberExpression.callee > Identifier.property[name=/^(get|post|put|patch|delete|route)$/]',
          message: 'Serve a call through route(app, name, handler) from its entry in contract/src/calls.ts.',
        },
      ],
    },
  },
  {
    // The server's lib/ holds leaf helpers: nothing of the server above it (no `../`), and no SQL.
    files: ['server/src/lib/**/*.ts'],
    ignores: ['server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: SQL_IMPORTS,
          patterns: [{ group: ['../*'], message: 'lib/ holds leaf helpers: it imports nothing of the server above it.' }],
        },
      ],
    },
  },
  {
    // The server's features (each folder not listed as shared) never import one another: what two need
    // is a shared module (identity, notify, post-html, cache, access, …). The shared modules never import
    // a feature; app.ts, main.ts and jobs/ put them together.
    files: ['server/src/**/*.ts'],
    ignores: [
      'server/src/**/*.test.ts',
      'server/src/**/*.testkit.ts',
      'server/src/**/testing.ts',
      'server/src/test/**',
      'server/src/security/**',
      'server/src/cluster/cluster-cases.ts',
    ],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'composition', pattern: 'server/src/jobs' },
        { type: 'shared', pattern: SERVER_SHARED },
        { type: 'feature', pattern: 'server/src/*', capture: ['feature'] },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            { from: { element: { type: 'composition' } }, allow: [{ to: { element: { types: { anyOf: ['composition', 'shared', 'feature'] } } } }] },
            { from: { element: { type: 'shared' } }, allow: [{ to: { element: { type: 'shared' } } }] },
            {
              from: { element: { type: 'feature' } },
              allow: [{ to: { element: { type: 'shared' } } }, { to: { element: { type: 'feature', captured: { feature: '{{ from.element.captured.feature }}' } } } }],
            },
          ],
        },
      ],
    },
  },
  {
    // The web's layers, one way: app (routes, layouts) → a feature → the shared api, components and
    // ssr → lib. A feature uses its own files and the shared ones, never another feature's; what two
    // features need lives in web/src/api or web/src/components. Tests and their kits may reach anywhere.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.test.{ts,tsx}', 'web/src/**/testing.{ts,tsx}', 'web/src/test/**'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      'boundaries/elements': [
        { type: 'app', pattern: 'web/src/app' },
        { type: 'feature', pattern: 'web/src/features/*', capture: ['feature'] },
        { type: 'shared', pattern: 'web/src/(api|components|ssr)' },
        { type: 'lib', pattern: 'web/src/lib' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            { from: { element: { type: 'app' } }, allow: [{ to: { element: { types: { anyOf: ['app', 'feature', 'shared', 'lib'] } } } }] },
            {
              from: { element: { type: 'feature' } },
              allow: [
                { to: { element: { types: { anyOf: ['shared', 'lib'] } } } },
                { to: { element: { type: 'feature', captured: { feature: '{{ from.element.captured.feature }}' } } } },
              ],
            },
            { from: { element: { type: 'shared' } }, allow: [{ to: { element: { types: { anyOf: ['shared', 'lib'] } } } }] },
            { from: { element: { type: 'lib' } }, allow: [{ to: { element: { type: 'lib' } } }] },
          ],
        },
      ],
    },
  },
  {
    // scripts/check-node.cjs runs on whatever Node is there, before Node 24 is: CommonJS, in old syntax
    // (scripts/check-node.test.ts parses it as ES5).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
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
