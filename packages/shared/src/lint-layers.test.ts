import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { lintFixtures, repoRootOf } from './common/test/lint-fixtures.js';

const fixtures = 'packages/shared/lint-fixtures';
const root = repoRootOf(import.meta.url);

let problems: Map<string, (string | null)[]>;
const rulesIn = (file: string) => problems.get(`${fixtures}/${file}`) ?? [];

// The fixtures get the same rules as packages/shared/src (both come from one function in eslint.config.js);
// the normal lint run ignores them, so they are linted here on purpose.
beforeAll(async () => {
  problems = await lintFixtures(import.meta.url, fixtures);
}, 30_000);

describe('shared package lint rules', () => {
  it('reject the shared package importing either app', () => {
    expect(rulesIn('reaches-api.ts')).toEqual(['import-x/no-restricted-paths']);
    expect(rulesIn('reaches-web.ts')).toEqual(['import-x/no-restricted-paths']);
  });

  it('reject an import cycle, on both of its files', () => {
    expect(rulesIn('cycle-first.ts')).toEqual(['import-x/no-cycle']);
    expect(rulesIn('cycle-second.ts')).toEqual(['import-x/no-cycle']);
  });

  it('accept the shared package importing its own files', () => {
    expect(problems.has(`${fixtures}/plain.ts`)).toBe(true);
    expect(rulesIn('plain.ts')).toEqual([]);
  });
});

// `npm run lint` ends with knip over the three workspaces; the same knip, on a small project that plants an unused
// export, must fail and name it.
describe('unused exports', () => {
  it('fail knip, which names the export', () => {
    const run = spawnSync(`${root}node_modules/.bin/knip`, ['--directory', `${fixtures}/unused-export`, '--no-progress', '--no-config-hints'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/Unused exports \(1\)\s+planted\s+src\/helpers\.ts/);
  }, 30_000);
});
