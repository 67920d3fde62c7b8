import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A test file at once per core: Vitest's default, one less than the cores, runs one file at a time on two
    // cores and leaves the second idle.
    maxWorkers: '100%',
    projects: [
      'packages/shared',
      'apps/api',
      'apps/web',
      // The links of README.md and docs/: a relative link to a missing file or heading fails the suite.
      { test: { name: 'docs', root: '.', include: ['test/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
