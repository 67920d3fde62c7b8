import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { logDestination, logOptions } from './log.js';
import type { StartFacts } from './start-summary.js';

/** A stream that keeps what it is given, as text. */
function sink(opts: { isTTY?: boolean } = {}) {
  const chunks: string[] = [];
  const stream = Object.assign(
    new Writable({
      write(chunk, _encoding, done) {
        chunks.push(String(chunk));
        done();
      },
    }),
    opts,
  );
  return { stream, text: () => chunks.join(''), lines: () => chunks.join('').split('\n').filter(Boolean) };
}

describe('request lines', () => {
  const lines: string[] = [];
  let t: TestApp;
  let app: App;

  beforeAll(async () => {
    // At level info, as the server logs; the harness's own app writes nowhere.
    t = await createTestApp({ logTo: { write: () => {} } });
    const web = path.join(t.dataDir, 'web');
    mkdirSync(path.join(web, 'assets'), { recursive: true });
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Meltway</title><div id="root"></div>');
    writeFileSync(path.join(web, 'assets', 'app-abc123.js'), 'console.log(1);');
    app = await buildApp(t.deps, { logStream: { write: (line: string) => void lines.push(line) }, webDist: web, webServerEntry: path.join(web, 'no-renderer.js') });
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  /** The log lines written while `run` ran, parsed. */
  const logged = async (run: () => Promise<unknown>) => {
    const from = lines.length;
    await run();
    return lines.slice(from).map((l) => JSON.parse(l) as Record<string, unknown>);
  };
  const get = (url: string) => app.inject({ method: 'GET', url });

  it('writes one line per API request, once answered: method, URL, client address, status and time', async () => {
    const ok = await logged(() => get('/api/v1/products?pageSize=3'));
    expect(ok).toHaveLength(1);
    expect(ok[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/v1/products?pageSize=3', remoteAddress: '127.0.0.1' },
      res: { statusCode: 200 },
    });
    expect(ok[0]!.responseTime).toEqual(expect.any(Number));
    expect(ok[0]!.reqId).toEqual(expect.any(String));

    const refused = await logged(() => app.inject({ method: 'POST', url: '/api/v1/users/login', payload: { email: 'not an email' } }));
    expect(refused.map((l) => [l.msg, (l.res as { statusCode: number }).statusCode])).toEqual([['request completed', 400]]);
    const missing = await logged(() => get('/api/v1/no-such-route'));
    expect(missing.map((l) => [l.msg, (l.res as { statusCode: number }).statusCode])).toEqual([['request completed', 404]]);
  });

  it('writes none for pages, static files, uploads, the API documentation, health, metrics and probes', async () => {
    const quiet = await logged(async () => {
      for (const url of ['/', '/dashboard/dealers', '/assets/app-abc123.js', '/assets/missing-1.js', '/uploads/none.png', '/api/docs/', '/api/v1/health', '/metrics', '/livez', '/readyz']) {
        expect((await get(url)).statusCode, url).toBeLessThan(500);
      }
    });
    expect(quiet).toEqual([]);
  });

  it('keeps the error of a failed request beside its request line', async () => {
    const broken = await createTestApp({ logTo: { write: () => {} } });
    const brokenLines: string[] = [];
    const brokenApp = await buildApp(broken.deps, { logStream: { write: (line: string) => void brokenLines.push(line) }, webDist: path.join(broken.dataDir, 'no-web') });
    try {
      await broken.deps.database.close();
      const res = await brokenApp.inject({ method: 'GET', url: '/api/v1/products' });
      expect(res.statusCode).toBe(500);
      const parsed = brokenLines.map((l) => JSON.parse(l) as { msg: string; level: number });
      expect(parsed.map((l) => [l.level, l.msg])).toEqual([
        [50, 'request failed'],
        [30, 'request completed'],
      ]);
    } finally {
      await brokenApp.close();
      await broken.app.close();
      rmSync(broken.dataDir, { recursive: true, force: true });
    }
  });
});

const FACTS: StartFacts = {
  url: 'http://localhost:3000',
  listen: '127.0.0.1:3000',
  thisMachineOnly: true,
  exposesDemo: false,
  database: { kind: 'pglite', dir: '/srv/meltway/data/pglite' },
  mail: { via: 'outbox', dir: '/srv/meltway/data/outbox' },
  demoAccounts: ['admin@demo.meltway.ca', 'dealer@demo.meltway.ca'],
  demoPassword: 'Demo1234!',
  firstAdmin: null,
  cardPayments: 'test',
  threadPool: 8,
  passwordHashesAtOnce: 2,
};

describe('where the log goes', () => {
  it('writes JSON unless the output is a terminal or LOG_FORMAT asks for readable lines', () => {
    expect(logDestination('auto', sink().stream)).toBeUndefined();
    expect(logDestination('json', sink({ isTTY: true }).stream)).toBeUndefined();
    expect(logDestination('auto', sink({ isTTY: true }).stream)).toBeDefined();
    expect(logDestination('pretty', sink().stream)).toBeDefined();
  });

  it('in a terminal, shows a request as one short line and the start as its few facts', () => {
    const out = sink();
    const log = pino(logOptions('info'), logDestination('pretty', out.stream)!);
    log.info({ req: { method: 'GET', url: '/api/v1/products?page=2', ip: '127.0.0.1' }, res: { statusCode: 200 }, responseTime: 3.4, reqId: 'r-1' }, 'request completed');
    log.info({ start: FACTS }, 'Meltway is running at http://localhost:3000 (API docs at http://localhost:3000/api/docs)');
    log.warn({ host: '0.0.0.0' }, 'careful');

    const lines = out.lines();
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/v1\/products\?page=2 200 3\.4 ms$/);
    expect(lines[1]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: Meltway is running at http:\/\/localhost:3000 \(API docs at http:\/\/localhost:3000\/api\/docs\)$/);
    expect(lines.slice(2, 7)).toEqual([
      '    listening on   127.0.0.1:3000: this machine only, since demo accounts exist (set HOST to choose)',
      '    database       embedded PGlite in /srv/meltway/data/pglite',
      '    mails          written to /srv/meltway/data/outbox (set SMTP_URL to send them)',
      '    demo accounts  password Demo1234!:',
      '                   admin@demo.meltway.ca, dealer@demo.meltway.ca',
    ]);
    expect(lines[7]).toBe('    card payments  test provider: no card is charged, no money moves');
    expect(lines[8]).toMatch(/WARN: careful \{"host":"0\.0\.0\.0"\}$/);
    expect(lines).toHaveLength(9);
    // The fields the lines were made from stay out of the terminal.
    expect(out.text()).not.toMatch(/"req"|"start"|reqId|"pid"/);
  });

  it('an app writing to a terminal shows one short line per API request', async () => {
    const t = await createTestApp({ logTo: { write: () => {} } });
    const out = sink({ isTTY: true });
    const app = await buildApp(t.deps, { logStream: logDestination('auto', out.stream)!, webDist: path.join(t.dataDir, 'no-web') });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/v1/products/no-such-mat' })).statusCode).toBe(404);
      const lines = out.lines();
      expect(lines).toHaveLength(1);
      // eslint-disable-next-line no-control-regex
      expect(lines[0]!.replace(/\x1b\[\d+m/g, '')).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/v1\/products\/no-such-mat 404 \d+(\.\d)? ms$/);
    } finally {
      await app.close();
      await t.close();
    }
  });
});
