import { beforeAll, describe, expect, it } from 'vitest';
import { lintFixtures } from '@meltway/shared/common/test/lint-fixtures';

const fixtures = 'apps/api/lint-fixtures';

let problems: Map<string, (string | null)[]>;
const rulesIn = (file: string) => problems.get(`${fixtures}/${file}`) ?? [];

// The fixtures get the same layer rules as apps/api/src (both come from one function in eslint.config.js);
// the normal lint run ignores them, so they are linted here on purpose.
beforeAll(async () => {
  problems = await lintFixtures(import.meta.url, fixtures);
}, 30_000);

describe('API layer lint rules', () => {
  it("reject a module importing another module's file that is not its service", () => {
    expect(rulesIn('modules/beta/cross-helper.ts')).toEqual(['import-x/no-restricted-paths']);
    expect(rulesIn('modules/beta/cross-repo.ts')).toEqual(['import-x/no-restricted-paths']);
  });

  it('reject a route reading a repo', () => {
    expect(rulesIn('modules/alpha/reads-repo.routes.ts')).toEqual(['import-x/no-restricted-paths']);
  });

  it('reject lib/ importing a module', () => {
    expect(rulesIn('lib/reaches-module.ts')).toEqual(['import-x/no-restricted-paths']);
  });

  it("reject the API importing the web's source", () => {
    expect(rulesIn('lib/reaches-web.ts')).toEqual(['import-x/no-restricted-paths']);
  });

  it('reject an import cycle, on both of its files', () => {
    expect(rulesIn('lib/cycle-first.ts')).toEqual(['import-x/no-cycle']);
    expect(rulesIn('lib/cycle-second.ts')).toEqual(['import-x/no-cycle']);
  });

  it("accept a service reading its own repo and helpers, a route calling its service, and one module calling another's service", () => {
    for (const file of ['modules/alpha/alpha.service.ts', 'modules/alpha/alpha.routes.ts', 'modules/beta/beta.service.ts']) {
      expect(problems.has(`${fixtures}/${file}`), file).toBe(true);
      expect(rulesIn(file), file).toEqual([]);
    }
  });
});
