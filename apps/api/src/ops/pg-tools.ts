import { spawn } from 'node:child_process';
import { OpsError } from './ops-error.js';

/**
 * How PostgreSQL's own tools reach DATABASE_URL: the URL without its password as `--dbname` (it can show in
 * the process list), the password in PGPASSWORD.
 */
export function toolConnection(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env: Record<string, string> = password ? { PGPASSWORD: password } : {};
  return { dbname: url.toString(), env };
}

/** A database named for the terminal: never the URL, which may carry a password. */
export function describeDatabase(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, '')) || '(default)';
  return `PostgreSQL database ${name} on ${url.hostname || 'localhost'}:${url.port || '5432'}`;
}

/** The major version in a `pg_dump --version` or `select version()` text (15 from "PostgreSQL 15.20 ..."). */
export function majorOf(version: string): number {
  const m = /PostgreSQL\)?\s+(\d+)/.exec(version);
  if (!m) throw new OpsError(`cannot read a PostgreSQL version from "${version}"`);
  return Number(m[1]);
}

/** Runs one of PostgreSQL's client tools; throws an OpsError with what it printed when it fails. */
export function runTool(tool: 'pg_dump' | 'pg_restore', args: string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', (e: NodeJS.ErrnoException) =>
      reject(
        e.code === 'ENOENT'
          ? new OpsError(`${tool} was not found: install PostgreSQL's client tools of the server's version or newer (Debian: apt-get install postgresql-client)`)
          : e,
      ),
    );
    child.once('close', (code) => {
      if (code === 0) resolve(out);
      else reject(new OpsError(`${tool} failed (exit ${code}):\n${err.trim().split('\n').slice(-8).join('\n')}`));
    });
  });
}

/** `pg_dump --version` or `pg_restore --version`, e.g. "pg_dump (PostgreSQL) 15.20". */
export async function toolVersion(tool: 'pg_dump' | 'pg_restore') {
  const text = (await runTool(tool, ['--version'])).trim();
  // Debian and others add their package's name after the version.
  return /^\S+ \(PostgreSQL\) \S+/.exec(text)?.[0] ?? text;
}
