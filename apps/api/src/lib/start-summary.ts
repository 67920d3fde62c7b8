import path from 'node:path';
import type { Config } from '../config.js';

/**
 * What a start tells the person who ran it: where the server answers, which database it uses, where mails go
 * and which demo accounts exist. One log line carries it as `start` (JSON for machines); in a terminal the
 * readable log shows it as the few lines of `startLines`.
 */
export type StartFacts = {
  url: string;
  /** host:port the server listens on. */
  listen: string;
  /** Listening on this machine only because demo accounts exist and HOST is unset. */
  thisMachineOnly: boolean;
  /** HOST puts demo accounts, whose password is public, within reach of other machines. */
  exposesDemo: boolean;
  database: { kind: 'pglite'; dir: string } | { kind: 'postgres'; server: string; name: string };
  mail: { via: 'smtp'; server: string } | { via: 'outbox'; dir: string };
  demoAccounts: string[];
  demoPassword: string | null;
  /** The first admin, when this start created it. */
  firstAdmin: { email: string; passwordFrom: 'ADMIN_PASSWORD' | 'printed once' } | null;
  cardPayments: 'stripe' | 'test';
  threadPool: number;
  passwordHashesAtOnce: number;
};

/** The database of a configuration, without user or password: the embedded folder, or PostgreSQL's server and database. */
export function databaseOf(config: Pick<Config, 'databaseUrl' | 'dataDir'>): StartFacts['database'] {
  if (!config.databaseUrl) return { kind: 'pglite', dir: path.join(config.dataDir, 'pglite') };
  const url = new URL(config.databaseUrl);
  const host = url.hostname || url.searchParams.get('host') || 'localhost';
  return { kind: 'postgres', server: `${host}:${url.port || 5432}`, name: decodeURIComponent(url.pathname.slice(1)) || 'postgres' };
}

/** Where mails go, without the SMTP credentials: the mail server, or the outbox folder. */
export function mailOf(config: Pick<Config, 'smtpUrl' | 'dataDir'>): StartFacts['mail'] {
  if (!config.smtpUrl) return { via: 'outbox', dir: path.join(config.dataDir, 'outbox') };
  const url = new URL(config.smtpUrl);
  return { via: 'smtp', server: `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}` };
}

const LABEL = 15;
const WIDTH = 110;

/** `items` joined by commas, cut into lines of at most WIDTH characters after the label column. */
function wrapped(items: string[]): string[] {
  const lines: string[] = [];
  let line = '';
  for (const item of items) {
    const next = line ? `${line}, ${item}` : item;
    if (line && LABEL + next.length > WIDTH) {
      lines.push(`${line},`);
      line = item;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** The start as a person reads it, one fact a line under "Meltway is running at …". */
export function startLines(f: StartFacts): string[] {
  const row = (label: string, ...values: string[]) => values.map((v, i) => `${(i === 0 ? label : '').padEnd(LABEL)}${v}`);
  const listen = f.exposesDemo
    ? `${f.listen}: reachable from other machines, demo accounts included (HOST is set)`
    : f.thisMachineOnly
      ? `${f.listen}: this machine only, since demo accounts exist (set HOST to choose)`
      : f.listen;
  const database = f.database.kind === 'pglite' ? `embedded PGlite in ${f.database.dir}` : `PostgreSQL at ${f.database.server}, database ${f.database.name}`;
  const mail = f.mail.via === 'smtp' ? `sent through ${f.mail.server}` : `written to ${f.mail.dir} (set SMTP_URL to send them)`;
  return [
    ...row('listening on', listen),
    ...row('database', database),
    ...row('mails', mail),
    ...(f.demoAccounts.length ? row('demo accounts', `password ${f.demoPassword}:`, ...wrapped(f.demoAccounts)) : []),
    ...(f.firstAdmin ? row('first admin', `${f.firstAdmin.email}, created now (password ${f.firstAdmin.passwordFrom === 'ADMIN_PASSWORD' ? 'from ADMIN_PASSWORD' : 'printed above, once'})`) : []),
    ...row('card payments', f.cardPayments === 'stripe' ? 'Stripe' : 'test provider: no card is charged, no money moves'),
  ];
}
