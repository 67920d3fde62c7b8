import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { databaseOf, mailOf, startLines, type StartFacts } from './start-summary.js';

const base: StartFacts = {
  url: 'https://shop.meltway.ca',
  listen: '0.0.0.0:3000',
  thisMachineOnly: false,
  exposesDemo: false,
  database: { kind: 'postgres', server: 'db.internal:5432', name: 'meltway' },
  mail: { via: 'smtp', server: 'smtp.example:587' },
  demoAccounts: [],
  demoPassword: null,
  firstAdmin: null,
  cardPayments: 'stripe',
  threadPool: 8,
  passwordHashesAtOnce: 2,
};

describe('the start summary', () => {
  it('names the database without its user or password', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://app:hunter2@db.internal:6432/meltway_prod', DATA_DIR: '/srv/data' });
    expect(databaseOf(config)).toEqual({ kind: 'postgres', server: 'db.internal:6432', name: 'meltway_prod' });
    expect(databaseOf(loadConfig({ DATABASE_URL: 'postgresql://db.internal/shop' }))).toEqual({ kind: 'postgres', server: 'db.internal:5432', name: 'shop' });
    expect(databaseOf(loadConfig({ DATA_DIR: '/srv/data' }))).toEqual({ kind: 'pglite', dir: path.join('/srv/data', 'pglite') });
  });

  it('names where mails go without the SMTP credentials', () => {
    expect(mailOf(loadConfig({ SMTP_URL: 'smtps://mailer:hunter2@smtp.example' }))).toEqual({ via: 'smtp', server: 'smtp.example:465' });
    expect(mailOf(loadConfig({ SMTP_URL: 'smtp://mailer:hunter2@smtp.example:2525' }))).toEqual({ via: 'smtp', server: 'smtp.example:2525' });
    expect(mailOf(loadConfig({ DATA_DIR: '/srv/data' }))).toEqual({ via: 'outbox', dir: path.join('/srv/data', 'outbox') });
  });

  it('is four lines for a production server: address, database, mails, payments', () => {
    expect(startLines(base)).toEqual([
      'listening on   0.0.0.0:3000',
      'database       PostgreSQL at db.internal:5432, database meltway',
      'mails          sent through smtp.example:587',
      'card payments  Stripe',
    ]);
  });

  it('lists every demo account under its password, a few to a line, and the first admin made by this start', () => {
    const demo = ['admin', 'contractor', 'contractor2', 'customer', 'dealer', 'dealer2', 'pending.contractor', 'pending.dealer'].map((n) => `${n}@demo.meltway.ca`);
    const lines = startLines({
      ...base,
      listen: '127.0.0.1:3000',
      thisMachineOnly: true,
      demoAccounts: demo,
      demoPassword: 'Demo1234!',
      firstAdmin: { email: 'admin@meltway.ca', passwordFrom: 'printed once' },
    });
    expect(lines[0]).toBe('listening on   127.0.0.1:3000: this machine only, since demo accounts exist (set HOST to choose)');
    const demoLines = lines.slice(lines.indexOf('demo accounts  password Demo1234!:') + 1, lines.findIndex((l) => l.startsWith('first admin')));
    expect(demoLines.length).toBeGreaterThanOrEqual(2);
    expect(demoLines.length).toBeLessThanOrEqual(4);
    for (const line of demoLines) expect(line.length).toBeLessThanOrEqual(110);
    expect(demoLines.join(' ').split(/[ ,]+/).filter(Boolean)).toEqual(demo);
    expect(lines).toContain('first admin    admin@meltway.ca, created now (password printed above, once)');
  });

  it('says so when HOST puts demo accounts within reach of other machines', () => {
    const lines = startLines({ ...base, exposesDemo: true, demoAccounts: ['admin@demo.meltway.ca'], demoPassword: 'Demo1234!' });
    expect(lines[0]).toBe('listening on   0.0.0.0:3000: reachable from other machines, demo accounts included (HOST is set)');
  });
});
