import { fromCaller, print, runCommand } from './command.js';
import { OpsError } from './ops-error.js';
import { restore } from './restore.js';

const USAGE = `Usage: npm run restore -- FILE [--force]

Restores a backup made by npm run backup into the configured DATA_DIR and database (DATABASE_URL's
PostgreSQL, or the embedded database in DATA_DIR/pglite, which needs the server stopped). The archive is
checked against its manifest first. The target must be empty; --force replaces what is there.`;

await runCommand('Restore', USAGE, { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, async ({ values, positionals }, config) => {
  if (positionals.length !== 1) throw new OpsError(`${positionals.length ? 'one backup file at a time' : 'which backup? name its file'}\n\n${USAGE}`);
  await restore({ config, file: fromCaller(positionals[0]!), force: values.force === true, log: print });
});
