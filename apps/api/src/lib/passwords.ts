import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Semaphore } from './semaphore.js';

const KEY_LENGTH = 64;
// OWASP's scrypt floor (N=2^17, r=8, p=1) costs ~128 MiB and ~150 ms a hash; 2^15 keeps sign-in under
// ~50 ms on this hardware while staying well above brute-force reach for the password rules we enforce.
const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;

/**
 * Threads in libuv's pool, which runs scrypt and also every file read (images, the app page), DNS lookup
 * and zlib task. Node reads UV_THREADPOOL_SIZE once, when the pool starts, and the pool has started before
 * any ES module of ours runs: the value that counts is the one in the process's environment at start
 * (libuv's rules: 4 when unset, at least 1, at most 1024).
 */
export function threadPoolSize(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number.parseInt(env.UV_THREADPOOL_SIZE ?? '', 10);
  return Number.isNaN(n) ? 4 : Math.min(1024, Math.max(1, n));
}

/**
 * Hashes that may run at once: two threads of the pool always stay free for files and lookups, so a burst
 * of sign-ins cannot queue every image and page behind it; and no more than the cores, which is all that
 * scrypt (CPU and memory bound, 32 MiB each) can use. The rest wait their turn, in order.
 */
export const hashesAtOnce = (poolSize: number, cores: number) => Math.max(1, Math.min(cores, poolSize - 2));

const hashing = new Semaphore(hashesAtOnce(threadPoolSize(), availableParallelism()));

/** How many hashes may run at once, run now, and wait. */
export const passwordHashing = () => ({ atOnce: hashing.size, running: hashing.active, waiting: hashing.waiting });

const derive = (password: string, salt: Buffer, opts: ScryptOptions) =>
  hashing.run(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...opts, maxmem: 256 * 1024 * 1024 }, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
  );

/** A self-describing scrypt hash: `scrypt$N$r$p$salt$key` (base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  // Hash anyway when there is nothing to compare, so an unknown email takes as long as a wrong password.
  const parts = (stored ?? DUMMY_HASH).split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, key] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return stored != null && expected.length === actual.length && timingSafeEqual(expected, actual);
}

const DUMMY_HASH = `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$AAAAAAAAAAAAAAAAAAAAAA$${'A'.repeat(86)}`;
