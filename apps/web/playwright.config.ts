import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { ADMIN } from './e2e/support/accounts';
import { SERVER_COUNT, serverFor } from './e2e/support/servers';
import { TEST_VIDEO_EMBED_URL } from './e2e/support/video';

// Workers inherit the environment, so the folder created here is the one the tests read mails from.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'meltway-e2e-'));
const servers = Array.from({ length: SERVER_COUNT }, (_, slot) => serverFor(slot));

export default defineConfig({
  testDir: './e2e',
  // A file's journeys run in order in one worker; each worker has a server of its own (e2e/support/servers.ts).
  fullyParallel: false,
  workers: SERVER_COUNT,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // A bound for a journey that hangs, not a judgement of speed: the longest take some 25 s on a busy machine.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    // Each test's own comes from its worker's server (e2e/support/test.ts); this one is for what runs outside a test.
    baseURL: servers[0]!.baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // Toasts and menus sliding in would otherwise be measured by axe halfway through, at partial opacity.
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        // Nothing outside this machine answers here: a page's embedded video fails at once instead of hanging,
        // so waiting for the network to go quiet (the accessibility checks) never waits on it.
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 900 } }, grepInvert: /@phone/ },
    { name: 'phone', use: { viewport: { width: 390, height: 844 }, hasTouch: true }, grep: /@phone/ },
  ],
  webServer: servers.map(({ port, baseURL, dataDir }) => ({
    command: 'node ../api/dist/server.js',
    url: `${baseURL}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: '1',
      // Sign-ups made through the API come from addresses of their own (support/accounts.ts fromOwnAddress).
      TRUST_PROXY: '1',
      // Video lessons' players come from a host nothing answers for; a journey stands a test page in there (support/video.ts).
      VIDEO_EMBED_URL: TEST_VIDEO_EMBED_URL,
    },
  })),
});
