import { beforeAll, describe, expect, it } from 'vitest';
import { lintFixtures } from '@meltway/shared/common/test/lint-fixtures';

const fixtures = 'apps/web/lint-fixtures';

let problems: Map<string, (string | null)[]>;
const rulesIn = (file: string) => problems.get(`${fixtures}/${file}`) ?? [];

// The fixtures get the same layer rules as apps/web/src (both come from one function in
// eslint.config.js); the normal lint run ignores them, so they are linted here on purpose.
beforeAll(async () => {
  problems = await lintFixtures(import.meta.url, fixtures);
}, 30_000);

describe('web layer lint rules', () => {
  it('reject a feature importing another feature', () => {
    expect(rulesIn('features/alpha/cross-feature.ts')).toEqual(['import-x/no-restricted-paths']);
  });

  it('reject a feature importing app/', () => {
    expect(rulesIn('features/alpha/uses-app.ts')).toEqual(['import-x/no-restricted-paths']);
  });

  it('reject lib/ importing a feature', () => {
    expect(rulesIn('lib/reaches-up.ts')).toEqual(['import-x/no-restricted-paths']);
  });

  it("reject the web importing the API's source", () => {
    expect(rulesIn('lib/reaches-api.ts')).toEqual(['import-x/no-restricted-paths']);
  });

  it('reject an import cycle, on both of its files', () => {
    expect(rulesIn('features/alpha/cycle-first.ts')).toEqual(['import-x/no-cycle']);
    expect(rulesIn('features/alpha/cycle-second.ts')).toEqual(['import-x/no-cycle']);
  });

  it('reject a file name that is not kebab-case', () => {
    expect(rulesIn('features/beta/BetaPanel.ts')).toEqual(['check-file/filename-naming-convention']);
  });

  it('accept imports that go one way: app/ to features, a feature to itself, components/ and lib/', () => {
    for (const file of ['app/compose.ts', 'features/alpha/alpha-card.ts', 'features/beta/beta-value.ts', 'lib/format-label.ts']) {
      expect(problems.has(`${fixtures}/${file}`), file).toBe(true);
      expect(rulesIn(file), file).toEqual([]);
    }
  });
});
