import type { FastifyInstance } from 'fastify';
import type { CacheVersions } from '../lib/cache-versions.js';

declare module 'fastify' {
  interface FastifyInstance {
    cacheVersions: CacheVersions;
  }
}

/**
 * Makes the versions registry reachable from every request (`request.server.cacheVersions`), starts
 * its polling, and stops it on close. A request that may have written (anything but GET and HEAD)
 * waits for a fresh read before its answer leaves, so the client's next read sees its own write.
 */
export async function registerCacheVersions(app: FastifyInstance, versions: CacheVersions) {
  app.decorate('cacheVersions', versions);
  await versions.start();
  app.addHook('onClose', async () => versions.stop());
  // Callback style: the hook runs on every answer, and reads (the hot path) should not pay for a promise.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.method === 'GET' || request.method === 'HEAD') return done(null, payload);
    versions.refresh().then(
      () => done(null, payload),
      (err: Error) => done(err),
    );
  });
}
