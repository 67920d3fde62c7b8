import { existsSync } from 'node:fs';
import { readdir, readlink, realpath } from 'node:fs/promises';
import path from 'node:path';
import { OpsError } from './ops-error.js';

/**
 * The ids of the processes that have a file of `dir` open, read from /proc (this process included);
 * null where the system has no /proc. An open PGlite keeps its write-ahead log and tables open, so a
 * running server on the embedded database is always among them. Processes of other users are not readable
 * and not counted.
 */
export async function processesUsing(dir: string): Promise<number[] | null> {
  if (!existsSync('/proc/self/fd')) return null;
  const root = await realpath(dir);
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
  const holders: number[] = [];
  await Promise.all(
    pids.map(async (pid) => {
      let fds: string[];
      try {
        fds = await readdir(`/proc/${pid}/fd`);
      } catch {
        return;
      }
      for (const fd of fds) {
        const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
        if (target === root || target.startsWith(`${root}/`)) {
          holders.push(Number(pid));
          return;
        }
      }
    }),
  );
  return holders.sort((a, b) => a - b);
}

/**
 * Throws unless the embedded database in `dir` is closed. PGlite has no lock of its own: two processes
 * opening one data folder would both write it, so a backup or restore must never run beside the server.
 */
export async function assertPgliteClosed(dir: string) {
  if (!existsSync(dir)) return;
  const holders = await processesUsing(dir);
  if (holders?.length) {
    const who = holders.includes(process.pid) ? 'this process' : `process ${holders.join(', ')}`;
    throw new OpsError(`the embedded database in ${dir} is open (${who}): stop the server first, then run this again`);
  }
  // Without /proc, the file PGlite keeps while it is open is the only sign left.
  if (holders === null && existsSync(path.join(dir, 'postmaster.pid'))) {
    throw new OpsError(
      `the embedded database in ${dir} is open, or was not closed cleanly (postmaster.pid is there): stop the server; ` +
        'if it is already stopped, start it once and stop it with Ctrl-C, then run this again',
    );
  }
}
