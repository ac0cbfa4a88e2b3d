import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The web calls endpoints from shared/request/endpoints.ts, which a production build replaces with
 * a table without schemas: the contract's own list would put every endpoint module and zod into
 * the first route's JavaScript (docs/decisions/081).
 */
const WEB_ENDPOINTS_FROM_THE_TABLE = {
  name: '@sen/contract',
  importNames: ['endpoints'],
  message: "Import endpoints from shared/request/endpoints.ts (a build-time table without zod), not from '@sen/contract' (docs/decisions/081).",
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/drizzle/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/admin/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // the back office: shared code never imports a feature or the app (shared → features → app)
    files: ['apps/admin/src/shared/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/features/**', '**/app/**'] }] },
  },
  {
    // the contract's endpoint list brings every endpoint module (and zod) into the first route
    files: ['apps/web/src/app/**/*.{ts,tsx}', 'apps/web/src/main.tsx'],
    rules: { 'no-restricted-imports': ['error', { paths: [WEB_ENDPOINTS_FROM_THE_TABLE] }] },
  },
  {
    // shared code never imports a feature (DESIGN.md layout: shared → features → app)
    files: ['apps/web/src/shared/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/shared/request/endpoints.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [WEB_ENDPOINTS_FROM_THE_TABLE], patterns: ['**/features/**', '**/app/**'] }],
    },
  },
  {
    // a feature uses another only through its index.ts (its public surface), never its internals
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [WEB_ENDPOINTS_FROM_THE_TABLE],
          patterns: [
            {
              regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!index\\.ts$).+',
              message: "Import another feature only through its index.ts; move what several features need to shared/.",
            },
          ],
        },
      ],
    },
  },
  {
    // server modules talk to each other only through a module's index (its public services)
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/modules/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!index\\.ts$).+',
              message: "Import another module only through its index.ts (its public services), never its repository or internals.",
            },
          ],
        },
      ],
    },
  },
  {
    // a handler receives its endpoint's file parts as `files` (decision 088), never reads them itself
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='uploadedFiles']",
          message: "Declare the part in the endpoint's fileParts and take it from the handler's `files` (decision 088).",
        },
      ],
    },
  },
  {
    // plugins and shared code are below the modules: they never import one
    files: ['apps/server/src/plugins/**/*.ts', 'apps/server/src/shared/**/*.ts', 'apps/server/src/db/**/*.ts', 'apps/server/src/providers/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)modules/', message: 'plugins, shared, db and providers never import a module; pass what they need in.' }] },
      ],
    },
  },
  {
    // the schema is the repositories' (and the migrations', the ledger checks', the set-based
    // sweeps'); services reach tables through a repository (issue 20; row types may be imported)
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.repository.ts',
      'apps/server/src/db/**',
      'apps/server/src/**/*ledger-checks.ts',
      'apps/server/src/jobs/*.sweep.ts',
      'apps/server/src/**/*.test.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)db/schema(\\.ts)?$',
              allowTypeImports: true,
              message: 'Only repositories (and migrations, ledger checks, set-based sweeps) import the schema; go through a repository.',
            },
          ],
        },
      ],
    },
  },
  {
    // jobs and events use modules only through their public surface (index.ts) or the composition
    files: ['apps/server/src/jobs/**/*.ts', 'apps/server/src/events/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)modules/[^/]+/(?!index\\.ts$).+', message: 'Jobs and events import a module only through its index.ts.' }] },
      ],
    },
  },
);
