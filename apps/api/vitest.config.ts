import { defineProject } from 'vitest/config';

const onPostgres = process.env.TEST_DB === 'pg';

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'api',
    environment: 'node',
    // A worker keeps its modules from one file to the next instead of starting a process for each: the app's
    // modules and PGlite's WebAssembly load once a worker, not once a file (PGlite's first instance in a process
    // takes about 2 s, later ones 0.5 s). Each file still gets its own database; what the app keeps in a module
    // (lib/ttl-cache.ts) is one cache per database (cachePerDatabase), so no file reads another's rows.
    isolate: false,
    include: ['src/**/*.test.ts'],
    globalSetup: [onPostgres ? './src/test/pg-global-setup.ts' : './src/test/pglite-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
