import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, listenHost, loadConfig } from './config.js';

const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
};

describe('loadConfig', () => {
  it.each([
    ['PORT', 'abc', 'must be a port number'],
    ['PORT', '0', 'must be 1-65535'],
    ['PORT', '70000', 'must be 1-65535'],
    ['PORT', '80.5', 'must be a whole number'],
    ['DATABASE_URL', 'mysql://db.example/app', 'must be a postgres:// or postgresql:// URL'],
    ['DATABASE_URL', 'not a url', 'must be a postgres:// or postgresql:// URL'],
    ['SMTP_URL', 'http://mail.example', 'must be an smtp:// or smtps:// URL'],
    ['REDIS_URL', 'localhost:6379', 'must be a redis:// or rediss:// URL'],
    ['PUBLIC_URL', 'ftp://shop.example', 'must be an http(s) URL'],
    ['JWT_SECRET', 'short', 'must be at least 32 characters'],
    ['SEED_DEMO', 'maybe', 'must be 1 or 0'],
    ['LOG_FORMAT', 'xml', 'must be auto, pretty or json'],
    ['METRICS_ALLOW', '10.0.0.0/33', 'must be IP addresses or CIDR ranges, separated by commas'],
    ['METRICS_ALLOW', '127.0.0.1, prometheus.internal', 'must be IP addresses or CIDR ranges, separated by commas'],
    ['METRICS_ALLOW', 'fd00::/129', 'must be IP addresses or CIDR ranges, separated by commas'],
    ['METRICS_ALLOW', ',', 'must be IP addresses or CIDR ranges, separated by commas'],
  ])('refuses %s=%s, naming the variable', (name, value, reason) => {
    expect(refusal({ [name]: value })).toContain(`${name}: ${reason}`);
  });

  it('names every bad variable at once', () => {
    const message = refusal({ PORT: 'x', REDIS_URL: 'nope', SMTP_URL: 'nope' });
    for (const name of ['PORT', 'REDIS_URL', 'SMTP_URL']) expect(message).toContain(`${name}:`);
  });

  it('has working defaults on a bare machine', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    // Unset: `listenHost` decides, by whether demo accounts exist.
    expect(config.host).toBeUndefined();
    expect(config.logFormat).toBe('auto');
    expect(config.metricsAllow).toEqual(['127.0.0.0/8', '::1']);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.smtpUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.jwtSecret).toBeUndefined();
    expect(config.adminEmail).toBe('admin@meltway.ca');
    expect(config.seedDemo).toBe(true);
  });

  it('treats empty values as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', SMTP_URL: '', REDIS_URL: '' });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemo).toBe(true);
  });

  it('seeds demo data with DATABASE_URL only when SEED_DEMO=1', () => {
    const url = 'postgres://app@db.example:5432/meltway';
    expect(loadConfig({ DATABASE_URL: url }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: url, SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
  });

  it('reads valid values', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: 'var/meltway',
      DATABASE_URL: 'postgresql://app@db.example/meltway',
      PUBLIC_URL: 'https://shop.meltway.ca/',
      SMTP_URL: 'smtps://user:pass@smtp.example:465',
      REDIS_URL: 'redis://cache.example:6379',
      ADMIN_EMAIL: 'Boss@Meltway.ca',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: path.resolve('var/meltway'),
      databaseUrl: 'postgresql://app@db.example/meltway',
      publicUrl: 'https://shop.meltway.ca',
      smtpUrl: 'smtps://user:pass@smtp.example:465',
      redisUrl: 'redis://cache.example:6379',
      adminEmail: 'boss@meltway.ca',
    });
  });
});

describe('the address the server listens on', () => {
  it('keeps a server with demo accounts on this machine when HOST is unset', () => {
    expect(listenHost(loadConfig({}), true)).toEqual({ host: '127.0.0.1', exposesDemo: false });
  });

  it('listens on every interface when HOST is unset and no demo account exists', () => {
    expect(listenHost(loadConfig({}), false)).toEqual({ host: '0.0.0.0', exposesDemo: false });
    expect(listenHost(loadConfig({ HOST: '' }), false)).toEqual({ host: '0.0.0.0', exposesDemo: false });
  });

  it('listens where HOST says, and says when that lets other machines reach demo accounts', () => {
    expect(listenHost(loadConfig({ HOST: '0.0.0.0' }), true)).toEqual({ host: '0.0.0.0', exposesDemo: true });
    expect(listenHost(loadConfig({ HOST: '::' }), true)).toEqual({ host: '::', exposesDemo: true });
    expect(listenHost(loadConfig({ HOST: '10.1.2.3' }), true)).toEqual({ host: '10.1.2.3', exposesDemo: true });
    expect(listenHost(loadConfig({ HOST: '0.0.0.0' }), false)).toEqual({ host: '0.0.0.0', exposesDemo: false });
    for (const loopback of ['127.0.0.1', '::1', 'localhost']) expect(listenHost(loadConfig({ HOST: loopback }), true)).toEqual({ host: loopback, exposesDemo: false });
  });
});

describe('METRICS_ALLOW', () => {
  it('reads addresses and CIDR ranges of both families', () => {
    expect(loadConfig({ METRICS_ALLOW: ' 10.0.0.0/8, 192.168.1.7 ,fd00::/8,::1' }).metricsAllow).toEqual(['10.0.0.0/8', '192.168.1.7', 'fd00::/8', '::1']);
  });

  it('names a bad list with its value, which holds no secret', () => {
    expect(refusal({ METRICS_ALLOW: 'everyone' })).toContain('METRICS_ALLOW: must be IP addresses or CIDR ranges, separated by commas (got "everyone")');
  });
});

describe('configuration errors keep secrets out of the output', () => {
  it.each([
    ['JWT_SECRET', 'short-secret-value'],
    ['ADMIN_PASSWORD', 'pw1'],
    ['DATABASE_URL', 'mysql://user:hunter2@db/x'],
    ['SMTP_URL', 'http://user:hunter2@mail'],
  ])('names %s without printing its value', (name, value) => {
    const message = refusal({ [name]: value });
    expect(message).toContain(`${name}:`);
    expect(message).not.toContain(value);
    expect(message).not.toContain('hunter2');
  });
});
