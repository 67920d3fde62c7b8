import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import checkFile from 'eslint-plugin-check-file';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The repository root: the API's lint zones and tsconfig paths are relative to it, wherever eslint runs from. */
const root = fileURLToPath(new URL('.', import.meta.url));
const WEB_IMPORTS_API = 'The web reaches the API over HTTP only: move what both need to packages/shared.';
const API_IMPORTS_WEB = 'The API serves the web\'s build (apps/web/dist, dist-server), never its source: move what both need to packages/shared.';
const PRODUCT_IMPORTS_TOOLS = 'tools/ holds the harnesses (bench, cluster, crash, Lighthouse) that drive the product; the product never imports them.';

/** Without these the cycle check skips .ts and .tsx files instead of following their imports, and the zones cannot see where one leads. */
function importSettings(project) {
  return {
    'import-x/extensions': ['.ts', '.tsx'],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    'import-x/resolver-next': [createTypeScriptImportResolver({ project, noWarnOnMultipleProjects: true })],
  };
}

/**
 * API layers (DESIGN.md rule 12) for an API source tree `src` (the real one, or the lint fixtures that
 * prove these rules fire): routes -> services -> repos; modules meet only through services; lib/,
 * plugins/ and db/ import no module; no import cycles; and never the web's source (`webSrc`). A module's
 * public face is its `*.service.ts` files (and an `index.ts`, should one exist): its repos, routes and
 * helpers are its own. The zones come from the folders under modules/, so a new module is fenced in as
 * soon as it exists.
 */
function apiLayers(src, webSrc) {
  const modules = readdirSync(new URL(`${src}/modules/`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return {
    files: [`${src}/**/*.ts`],
    plugins: { 'import-x': importX },
    settings: importSettings([`${root}apps/api/tsconfig.test.json`, `${root}packages/shared/tsconfig.json`]),
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            {
              target: [`${src}/lib/**`, `${src}/plugins/**`, `${src}/db/**`],
              from: [`${src}/modules/**`],
              message: 'lib/, plugins/ and db/ sit below the modules: move the shared piece down, or pass it in from app.ts.',
            },
            {
              target: [`${src}/**/*.routes.ts`],
              from: [`${src}/**/*.repo.ts`],
              message: 'Route handlers call a service; only services read repos.',
            },
            ...modules.map((name) => ({
              target: [`${src}/modules/${name}/**`],
              from: [`${src}/modules/!(${name})/**`],
              // Matched against the imported file's absolute path.
              except: [`${root}${src}/modules/*/*.service.ts`, `${root}${src}/modules/*/index.ts`],
              message: `The ${name} module reaches other modules only through their services: their repos, routes and helpers are their own.`,
            })),
            { target: src, from: webSrc, message: API_IMPORTS_WEB },
            { target: src, from: 'tools', message: PRODUCT_IMPORTS_TOOLS },
          ],
        },
      ],
    },
  };
}

/**
 * The shared package sits below both apps: it imports neither (`apps/` whole), and has no import cycle.
 * `src` is its source tree, or the lint fixtures that prove these rules fire.
 */
function sharedLayers(src) {
  return {
    files: [`${src}/**/*.ts`],
    plugins: { 'import-x': importX },
    settings: importSettings([`${root}packages/shared/tsconfig.json`]),
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            { target: src, from: 'apps', message: 'packages/shared sits below the apps and imports neither: move the piece down into packages/shared.' },
            { target: src, from: 'tools', message: PRODUCT_IMPORTS_TOOLS },
          ],
        },
      ],
    },
  };
}

/**
 * Web layers go one way: app/ -> features/ -> components/, lib/. A feature never imports another
 * feature and nothing below app/ imports it. The zones come from the folders under features/, so a
 * new feature is fenced in as soon as it exists. `src` is a web source tree (the real one, or the
 * lint fixtures that prove these rules fire); `apiSrc` is the API source tree beside it, which the web
 * never imports (it talks to the API over HTTP, and its bundle must not carry server code).
 */
function webLayers(src, project, apiSrc) {
  const features = readdirSync(new URL(`${src}/features/`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const zones = [
    { target: `${src}/features`, from: `${src}/app`, message: 'Features may not import app/; compose them in app/ instead.' },
    ...features.map((feature) => ({
      target: `${src}/features/${feature}`,
      from: `${src}/features`,
      except: [`./${feature}`],
      message: 'A feature never imports another feature: compose them in app/, or move the shared piece to components/ or lib/.',
    })),
    ...['components', 'lib'].map((layer) => ({
      target: `${src}/${layer}`,
      from: [`${src}/features`, `${src}/app`],
      message: 'components/ and lib/ sit below features/ and app/ and may import neither.',
    })),
    { target: src, from: apiSrc, message: WEB_IMPORTS_API },
    { target: src, from: 'tools', message: PRODUCT_IMPORTS_TOOLS },
  ];
  return {
    files: [`${src}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    settings: importSettings(project),
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  };
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-server/**', '**/node_modules/**', '**/data/**', 'apps/api/src/db/migrations/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Command-line entry points print to the terminal on purpose.
    files: ['tools/**', 'apps/api/src/server.ts', 'apps/api/src/seed-cli.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // A page or component over 150 lines is split into hooks (data and state) and named sections (issue 35).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 150 }] },
  },
  apiLayers('apps/api/src', 'apps/web/src'),
  webLayers('apps/web/src', 'apps/web/tsconfig.app.json', 'apps/api/src'),
  sharedLayers('packages/shared/src'),
  {
    // What lies beside the two source trees (journeys, build plugins, scripts, configs) keeps the same line.
    files: ['apps/{api,web}/**/*.{ts,tsx,js,mjs}'],
    ignores: ['apps/api/src/**', 'apps/web/src/**', '**/lint-fixtures/**'],
    plugins: { 'import-x': importX },
    settings: importSettings([`${root}apps/web/tsconfig.node.json`, `${root}apps/api/tsconfig.test.json`]),
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            { target: 'apps/web', from: 'apps/api/src', message: WEB_IMPORTS_API },
            { target: 'apps/api', from: 'apps/web/src', message: API_IMPORTS_WEB },
            { target: 'apps', from: 'tools', message: PRODUCT_IMPORTS_TOOLS },
          ],
        },
      ],
    },
  },
  {
    // The harnesses (tools/) drive the product from outside. They import the API's own code the way its tests do
    // (buildApp, the database client, the seed, a module's helper: any file of apps/api/src), but through the
    // package's name, `@meltway/api/<path>`, which runs the built apps/api/dist; never the web's source (they
    // measure its build), and nothing in the product imports them back (the zones above).
    files: ['tools/**/*.{ts,mjs}'],
    plugins: { 'import-x': importX },
    settings: importSettings([`${root}tools/tsconfig.json`]),
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: [{ target: 'tools', from: 'apps/web/src', message: 'The harnesses measure the web\'s build (apps/web/dist), never import its source.' }] },
      ],
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./)+(apps|packages)/', message: 'Import the API as a package, `@meltway/api/<path>`: a relative path into apps/ would not reach its build.' }] },
      ],
    },
  },
  // The fixtures break the rules on purpose: the normal run skips them, and the lint tests
  // (apps/web/src/test/lint-layers.test.ts, apps/api/src/test/lint-layers.test.ts,
  // packages/shared/src/lint-layers.test.ts) lint them (ignore: false) to show the rules fire.
  { ignores: ['**/lint-fixtures/**'] },
  apiLayers('apps/api/lint-fixtures', 'apps/web/lint-fixtures'),
  webLayers('apps/web/lint-fixtures', 'apps/web/tsconfig.app.json', 'apps/api/lint-fixtures'),
  sharedLayers('packages/shared/lint-fixtures'),
  {
    // A request's text is read through common/fields.ts (text, multilineText, secret), which refuses control
    // characters; a trimmed bare z.string() is the shape of a request field that skipped it. The API's
    // bad-input test catches the rest (every field of every route gets a NUL byte and 2^31).
    files: ['packages/shared/src/**/*.ts'],
    ignores: ['packages/shared/src/common/fields.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='trim'][callee.object.callee.object.name='z'][callee.object.callee.property.name='string']",
          message: 'Read request text with text(), multilineText() or secret() from common/fields.ts: they refuse control characters.',
        },
      ],
    },
  },
  {
    // A step that needs a banner comment to be found is a function with that name: the API's and the shared
    // package's functions stay within 80 lines. Tests and their fixtures are data and cases (docs/architecture.md,
    // "Functions as steps").
    files: ['apps/api/src/**/*.ts', 'packages/shared/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/api/src/test/**'],
    rules: { 'max-lines-per-function': ['error', { max: 80, IIFEs: true }] },
  },
  {
    // Files and folders in kebab-case; a middle extension (.test, .d, .config) is not part of the name.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}', 'tools/**/*.ts'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { 'apps/**/': 'KEBAB_CASE', 'packages/**/': 'KEBAB_CASE', 'tools/**/': 'KEBAB_CASE' }],
    },
  },
);
