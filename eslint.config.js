// @ts-check
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));

/** Kebab-case file names (style.md: "Kebab-case file names"), e.g. `company-form.tsx`. */
const KEBAB_FILE = /^[a-z0-9]+(?:[.-][a-z0-9]+)*(\.[a-z]+)*$/;

/**
 * TanStack Router file routes use `$param`, `_layout`, `__root`, `segment_` (un-nest),
 * `(group)` and `-ignored` segments joined by dots: `$companyId.tsx`, `__root.tsx`,
 * `_app.tsx`, `companies.index.tsx`, `companies.$companyId.edit.tsx`.
 */
const ROUTE_SEGMENT = String.raw`(?:\$[A-Za-z0-9]*|_{1,2}[a-z0-9-]*|-?[a-z0-9]+(?:-[a-z0-9]+)*_?|\([a-z0-9-]+\))`;
const ROUTE_FILE = new RegExp(`^${ROUTE_SEGMENT}(?:\\.${ROUTE_SEGMENT})*\\.[a-z]+$`);

/** A tiny local plugin: one rule, so the naming convention is enforced rather than prose. */
const local = {
  meta: { name: 'esop-local' },
  rules: {
    'kebab-case-filename': {
      meta: {
        type: 'suggestion',
        docs: {
          description: 'File names are kebab-case (TanStack route names under src/web/routes).',
        },
        schema: [],
        messages: {
          kebab: 'File name "{{name}}" is not kebab-case (e.g. "company-form.tsx").',
          route: 'Route file name "{{name}}" is neither kebab-case nor a TanStack route name.',
        },
      },
      /** @param {import('eslint').Rule.RuleContext} context */
      create(context) {
        const file = context.physicalFilename ?? context.filename;
        const name = path.basename(file);
        const rel = path.relative(root, file).split(path.sep).join('/');
        const isRoute = rel.startsWith('src/web/routes/');
        const ok = isRoute ? ROUTE_FILE.test(name) : KEBAB_FILE.test(name);
        return {
          Program(node) {
            if (!ok)
              context.report({ node, messageId: isRoute ? 'route' : 'kebab', data: { name } });
          },
        };
      },
    },
  },
};

/** Import directions between the rooms (docs/ARCHITECTURE.md, "Import directions"). */
const zones = [
  {
    target: './src/domain',
    from: ['./src/contracts', './src/server', './src/web'],
    message: 'src/domain is the pure engine and imports nothing of ours.',
  },
  {
    target: './src/contracts',
    from: ['./src/server', './src/web'],
    message: 'src/contracts may import src/domain only.',
  },
  {
    // eslint-plugin-import-x has no `allowTypeImports` here, so even type-only imports are out.
    target: './src/web',
    from: './src/server',
    message: 'The SPA never imports server code; share shapes through src/contracts.',
  },
  {
    target: './src/server',
    from: './src/web',
    message: 'The server never imports SPA code.',
  },
];

/**
 * One clock (issue 23): the time is read in src/server/clock.ts (the business clock `now()`, which
 * `TEST_CLOCK` pins on test rigs, and the real `systemNow()`) and, in the browser, in
 * src/web/lib/clock.ts. A test or a service that read `Date.now()` itself once compared the
 * server's pinned "today" with the real clock and failed by the hour of the day.
 */
const CLOCK_MODULES = ['src/server/clock.ts', 'src/web/lib/clock.ts'];
const clockMessage =
  'Read the time through the clock module: `now()`/`today()` (the business clock, pinned under ' +
  '`npm run test:clock`) or `systemNow()` (the real instant, for timestamps and expiry) from ' +
  'src/server/clock.ts, `now()` from src/web/lib/clock.ts in the SPA; `performance.now()` for ' +
  'elapsed time.';
const clockRestrictions = [
  { selector: "MemberExpression[object.name='Date'][property.name='now']", message: clockMessage },
  { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: clockMessage },
  { selector: "CallExpression[callee.name='Date']", message: clockMessage },
];

const processEnvMessage =
  'Only src/server/env.ts reads process.env (zod-validated at start-up): server code imports `env` ' +
  'from there; the SPA reads import.meta.env in src/web/env.ts.';

export default defineConfig(
  globalIgnores([
    '**/node_modules/**',
    '**/dist/**',
    'data/**',
    '.data*/**',
    'coverage/**',
    'test-results/**',
    'playwright-report/**',
    '**/.tmp/**',
    'src/web/routeTree.gen.ts',
    'src/server/db/migrations/**',
  ]),
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    name: 'esop/all',
    files: ['**/*.{js,mjs,cjs,ts,tsx,mts,cts}'],
    plugins: { 'import-x': importX, local },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json'],
          tsconfig: { configFile: path.join(root, 'tsconfig.json'), references: 'auto' },
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      'local/kebab-case-filename': 'error',
    },
  },
  {
    name: 'esop/node-globals',
    files: ['**/*.{js,mjs,cjs,ts,tsx,mts,cts}'],
    ignores: ['src/web/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    name: 'esop/one-clock',
    files: ['{src,test,e2e}/**/*.{js,mjs,cjs,ts,tsx,mts,cts}'],
    ignores: CLOCK_MODULES,
    rules: { 'no-restricted-syntax': ['error', ...clockRestrictions] },
  },
  {
    name: 'esop/src-no-process-env',
    files: ['src/**/*.{js,mjs,cjs,ts,tsx,mts,cts}'],
    ignores: [
      'src/server/env.ts',
      'src/**/*.test.{ts,tsx}',
      'src/**/test/**',
      'src/**/__tests__/**',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: processEnvMessage },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'process', importNames: ['env'], message: processEnvMessage },
            { name: 'node:process', importNames: ['env'], message: processEnvMessage },
          ],
        },
      ],
    },
  },
  {
    name: 'esop/web',
    files: ['src/web/**/*.{js,ts,tsx}'],
    plugins: reactHooks.configs.flat.recommended.plugins,
    rules: reactHooks.configs.flat.recommended.rules,
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // sonner loads after start-up, out of the initial bundle (decision 005, issue 12 amendment).
    name: 'esop/web-lazy-toaster',
    files: ['src/web/**/*.{js,ts,tsx}'],
    ignores: ['src/web/components/toaster.tsx', 'src/web/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'sonner',
              allowTypeImports: true,
              message:
                'Import `toast` from src/web/lib/toast.ts: it queues toasts until the lazily loaded toaster is ready, keeping sonner out of the initial JS.',
            },
          ],
        },
      ],
    },
  },
);
