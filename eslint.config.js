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
/** The API's domain modules, each a folder under apps/api/src/modules. */
const apiModules = readdirSync(new URL('./apps/api/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Web layers go one way: app/ -> features/ -> components/, lib/. A feature never imports another
 * feature and nothing below app/ imports it. The zones come from the folders under features/, so a
 * new feature is fenced in as soon as it exists. `src` is a web source tree (the real one, or the
 * lint fixtures that prove these rules fire).
 */
function webLayers(src, project) {
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
  ];
  return {
    files: [`${src}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    settings: {
      // Without these the cycle check skips .ts and .tsx files instead of following their imports.
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project })],
    },
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
    files: ['apps/api/src/bench/**', 'apps/api/src/server.ts', 'apps/api/src/seed-cli.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // API layers (DESIGN.md rule 12): routes -> services -> repos; modules meet only through services;
    // lib/, plugins/ and db/ import no module; no import cycles.
    files: ['apps/api/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Parse the TypeScript files an import leads to, so no-cycle can follow them.
      'import-x/extensions': ['.ts'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [`${root}apps/api/tsconfig.test.json`, `${root}packages/shared/tsconfig.json`],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            {
              target: ['apps/api/src/lib/**', 'apps/api/src/plugins/**', 'apps/api/src/db/**'],
              from: ['apps/api/src/modules/**'],
              message: 'lib/, plugins/ and db/ sit below the modules: move the shared piece down, or pass it in from app.ts.',
            },
            {
              target: ['apps/api/src/**/*.routes.ts'],
              from: ['apps/api/src/**/*.repo.ts'],
              message: 'Route handlers call a service; only services read repos.',
            },
            ...apiModules.map((name) => ({
              target: [`apps/api/src/modules/${name}/**`],
              from: [`apps/api/src/modules/!(${name})/**/*.repo.ts`, `apps/api/src/modules/!(${name})/**/*.routes.ts`],
              message: `The ${name} module reaches other modules only through their services, never their repos or routes.`,
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  webLayers('apps/web/src', 'apps/web/tsconfig.app.json'),
  // The fixtures break the rules on purpose: the normal run skips them, and
  // apps/web/src/test/lint-layers.test.ts lints them (ignore: false) to show the rules fire.
  { ignores: ['apps/web/lint-fixtures/**'] },
  webLayers('apps/web/lint-fixtures', 'apps/web/tsconfig.app.json'),
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
    // Files and folders in kebab-case; a middle extension (.test, .d, .config) is not part of the name.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { 'apps/**/': 'KEBAB_CASE', 'packages/**/': 'KEBAB_CASE' }],
    },
  },
);
