import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The repository root: the API's lint zones and tsconfig paths are relative to it, wherever eslint runs from. */
const root = fileURLToPath(new URL('.', import.meta.url));
/** The API's domain modules, each a folder under apps/api/src/modules. */
const apiModules = readdirSync(new URL('./apps/api/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

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
);
