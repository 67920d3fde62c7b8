import { defineProject } from 'vitest/config';

const onPostgres = process.env.TEST_DB === 'pg';

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: [onPostgres ? './src/test/pg-global-setup.ts' : './src/test/pglite-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
