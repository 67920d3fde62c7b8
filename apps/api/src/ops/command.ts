import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { OpsError } from './ops-error.js';

/** A line for the terminal. */
export const print = (line: string) => process.stdout.write(`${line}\n`);

/**
 * A path given on the command line, from the folder the command was typed in: npm runs scripts from the
 * repository's root and keeps the caller's folder in INIT_CWD.
 */
export const fromCaller = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

type CommandArgs = { values: Record<string, string | boolean | undefined>; positionals: string[] };

/**
 * Runs a command: its arguments and the configuration are read first (a bad one prints the usage or the
 * variable's problem and exits 2); any failure prints `<name> failed: <why>` and exits 1.
 */
export async function runCommand(
  name: string,
  usage: string,
  options: NonNullable<ParseArgsConfig['options']>,
  body: (args: CommandArgs, config: Config) => Promise<void>,
) {
  let args: CommandArgs;
  let config: Config;
  try {
    args = parseArgs({ options, allowPositionals: true, strict: true }) as CommandArgs;
    config = loadConfig();
  } catch (err) {
    process.stderr.write(`${err instanceof ConfigError ? err.message : `${(err as Error).message}\n\n${usage}`}\n`);
    process.exit(2);
  }
  if (args.values.help) {
    print(usage);
    process.exit(0);
  }
  try {
    await body(args, config);
    process.exit(0);
  } catch (err) {
    // Our own failures and the system's (a folder not writable, a disk full) say enough; anything else keeps its trace.
    const plain = err instanceof OpsError || typeof (err as NodeJS.ErrnoException).code === 'string';
    const why = plain ? (err as Error).message : ((err as Error).stack ?? String(err));
    process.stderr.write(`${name} failed: ${why}\n`);
    process.exit(1);
  }
}
