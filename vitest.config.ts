import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'apps/api',
      'apps/web',
      // The links of README.md and docs/: a relative link to a missing file or heading fails the suite.
      { test: { name: 'docs', root: '.', include: ['test/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
