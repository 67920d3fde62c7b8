// A test helper for Node (the lint tests of the three workspaces), never imported by the web's bundle.
/// <reference types="node" />
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

/** The repository's root (with a trailing slash): the nearest folder above the file at `url` that holds eslint.config.js. */
export function repoRootOf(url: string): string {
  let dir = dirname(fileURLToPath(url));
  while (!existsSync(join(dir, 'eslint.config.js'))) {
    if (dirname(dir) === dir) throw new Error(`no eslint.config.js above ${url}`);
    dir = dirname(dir);
  }
  return `${dir}/`;
}

/**
 * The rules each file of a lint-fixtures folder (`dir`, from the repository's root) breaks, by its path from the
 * root: linted with the repository's eslint.config.js, whose normal run ignores these folders (`ignore: false`).
 * `testUrl` is the calling test's `import.meta.url`, which places the repository.
 */
export async function lintFixtures(testUrl: string, dir: string): Promise<Map<string, (string | null)[]>> {
  const root = repoRootOf(testUrl);
  const eslint = new ESLint({ cwd: root, overrideConfigFile: `${root}eslint.config.js`, ignore: false });
  const results = await eslint.lintFiles([`${dir}/**/*.ts`]);
  return new Map(results.map((r) => [r.filePath.slice(root.length), r.messages.map((m) => m.ruleId)]));
}
