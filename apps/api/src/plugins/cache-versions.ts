import type { FastifyInstance, onSendAsyncHookHandler } from 'fastify';
import type { CacheVersions } from '../lib/cache-versions.js';

declare module 'fastify' {
  interface FastifyInstance {
    cacheVersions: CacheVersions;
  }
}

/**
 * Makes the versions registry reachable from every request (`request.server.cacheVersions`), starts
 * its polling, and stops it on close. A request that may have written (anything but GET and HEAD)
 * waits for a fresh read before its answer leaves, so the client's next read sees its own write. A read
 * that fails (the database connection lost under it) is tried once more; failing again, it fails a
 * successful answer (the client then retries: a placement with its Idempotency-Key finds its order) and
 * leaves a failure's answer as it is, rather than replace it with a fault of its own.
 */
export async function registerCacheVersions(app: FastifyInstance, versions: CacheVersions) {
  app.decorate('cacheVersions', versions);
  await versions.start();
  app.addHook('onClose', async () => versions.stop());
  // Only on routes that may write, attached as they are declared: reads (the hot path) run no hook for it.
  const refreshBeforeAnswer: onSendAsyncHookHandler = async (_request, reply, payload) => {
    try {
      await versions.refresh().catch(() => versions.refresh());
    } catch (err) {
      if (reply.statusCode < 400) throw err;
    }
    return payload;
  };
  app.addHook('onRoute', (route) => {
    if ([route.method].flat().every((method) => method === 'GET' || method === 'HEAD')) return;
    route.onSend = [...[route.onSend ?? []].flat(), refreshBeforeAnswer];
  });
}
