import { describe, expect, it } from 'vitest';
import { hashesAtOnce, hashPassword, passwordHashing, threadPoolSize, verifyPassword } from './passwords.js';

describe('password hashing', () => {
  it('reads the thread pool size as libuv does', () => {
    expect(threadPoolSize({})).toBe(4);
    expect(threadPoolSize({ UV_THREADPOOL_SIZE: '8' })).toBe(8);
    expect(threadPoolSize({ UV_THREADPOOL_SIZE: '0' })).toBe(1);
    expect(threadPoolSize({ UV_THREADPOOL_SIZE: '5000' })).toBe(1024);
    expect(threadPoolSize({ UV_THREADPOOL_SIZE: 'many' })).toBe(4);
  });

  it('leaves two threads of the pool free and uses no more than the cores', () => {
    expect(hashesAtOnce(4, 2)).toBe(2);
    expect(hashesAtOnce(4, 16)).toBe(2);
    expect(hashesAtOnce(8, 2)).toBe(2);
    expect(hashesAtOnce(8, 16)).toBe(6);
    expect(hashesAtOnce(2, 4)).toBe(1);
    expect(hashesAtOnce(1, 1)).toBe(1);
  });

  it('runs at most that many hashes at once, the rest in turn', async () => {
    const { atOnce } = passwordHashing();
    let most = 0;
    const sampler = setInterval(() => (most = Math.max(most, passwordHashing().running)), 1);
    const hashes = await Promise.all(Array.from({ length: atOnce + 3 }, (_, i) => hashPassword(`Secret${i}A`)));
    clearInterval(sampler);
    expect(most).toBe(atOnce);
    expect(passwordHashing()).toMatchObject({ running: 0, waiting: 0 });
    expect(await verifyPassword('Secret0A', hashes[0])).toBe(true);
    expect(await verifyPassword('Secret0B', hashes[0])).toBe(false);
  });

  it('keeps scrypt’s cost at N=2^15, r=8, p=1 at least', async () => {
    const [, n, r, p] = (await hashPassword('Secret123')).split('$').map(Number);
    expect(n).toBeGreaterThanOrEqual(2 ** 15);
    expect(r).toBeGreaterThanOrEqual(8);
    expect(p).toBeGreaterThanOrEqual(1);
  });
});
