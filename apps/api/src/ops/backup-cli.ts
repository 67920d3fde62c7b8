import path from 'node:path';
import { backup } from './backup.js';
import { fromCaller, print, runCommand } from './command.js';
import { OpsError } from './ops-error.js';

const USAGE = `Usage: npm run backup -- [--out FILE]

Writes one .tar.gz: the database (pg_dump of DATABASE_URL, or the embedded database in DATA_DIR/pglite,
which needs the server stopped), DATA_DIR/uploads, DATA_DIR/private, the jwt-secret file and a manifest.
FILE defaults to backups/meltway-backup-<UTC time>.tar.gz in the current folder; an existing file is never replaced.`;

await runCommand('Backup', USAGE, { out: { type: 'string', short: 'o' }, help: { type: 'boolean', short: 'h' } }, async ({ values, positionals }, config) => {
  if (positionals.length) throw new OpsError(`unexpected argument ${positionals[0]} (the file goes after --out)\n\n${USAGE}`);
  const stamp = new Date().toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
  const out = typeof values.out === 'string' ? fromCaller(values.out) : fromCaller(path.join('backups', `meltway-backup-${stamp}.tar.gz`));
  await backup({ config, out, log: print });
});
