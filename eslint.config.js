import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import checkFile from 'eslint-plugin-check-file';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Web layers go one way: app/ -> features/ -> components/, lib/. A feature never imports another
 * feature and nothing below app/ imports it. The zones come from the folders under features/, so a
 * new feature is fenced in as soon as it exists. `root` is a web source tree (the real one, or the
 * lint fixtures that prove these rules fire).
 */
function webLayers(root, project) {
  const features = readdirSync(new URL(`${root}/features/`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const zones = [
    { target: `${root}/features`, from: `${root}/app`, message: 'Features may not import app/; compose them in app/ instead.' },
    ...features.map((feature) => ({
      target: `${root}/features/${feature}`,
      from: `${root}/features`,
      except: [`./${feature}`],
      message: 'A feature never imports another feature: compose them in app/, or move the shared piece to components/ or lib/.',
    })),
    ...['components', 'lib'].map((layer) => ({
      target: `${root}/${layer}`,
      from: [`${root}/features`, `${root}/app`],
      message: 'components/ and lib/ sit below features/ and app/ and may import neither.',
    })),
  ];
  return {
    files: [`${root}/**/*.{ts,tsx}`],
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
  { ignores: ['**/dist/**', '**/node_modules/**', '**/data/**', 'apps/api/src/db/migrations/**', '**/test-results/**', '**/playwright-report/**'] },
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
    // Files and folders in kebab-case; a middle extension (.test, .d, .config) is not part of the name.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { 'apps/**/': 'KEBAB_CASE', 'packages/**/': 'KEBAB_CASE' }],
    },
  },
);
