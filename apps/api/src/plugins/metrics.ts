import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../lib/ctx.js';
import { addressesOf, allowList } from '../lib/metrics-access.js';
import { createMetrics } from '../lib/metrics.js';

const Live = z.object({ status: z.literal('alive') });
const Ready = z.object({
  status: z.enum(['ready', 'not ready']),
  database: z.enum(['ok', 'failed']),
  redis: z.enum(['ok', 'failed', 'not configured']),
});

const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref())]);

/**
 * What operations read, outside the API and its documentation: `/metrics` (Prometheus text), `/livez` (the
 * process answers) and `/readyz` (the database answers, and Redis when REDIS_URL is set). Only addresses of
 * METRICS_ALLOW reach them; anyone else gets the 404 of a path that does not exist. Every request is counted
 * under its route pattern as it is answered.
 */
export function registerMetrics(app: FastifyInstance, deps: Pick<Deps, 'config' | 'database' | 'limiter' | 'clock'>) {
  const metrics = createMetrics({ database: deps.database, clock: deps.clock });
  const allowed = allowList(deps.config.metricsAllow);
  const mayRead = (request: FastifyRequest) => addressesOf(request.socket.remoteAddress, request.headers).every(allowed);

  app.addHook('onResponse', (request, reply, done) => {
    metrics.request(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    if (request.publicCacheKey !== undefined) metrics.cacheRead(request.publicCacheHit === true);
    done();
  });

  const ops = app.withTypeProvider<ZodTypeProvider>();
  // Asked every few seconds by probes and scrapers: their answers are not worth a log line each.
  const quiet = { logLevel: 'warn' as const };

  ops.get('/metrics', {
    ...quiet,
    schema: { hide: true },
    handler: async (request, reply) => {
      if (!mayRead(request)) return reply.callNotFound();
      const text = await metrics.text();
      return reply.header('cache-control', 'no-store').type(metrics.contentType).send(text);
    },
  });

  ops.get('/livez', {
    ...quiet,
    schema: { hide: true, response: { 200: Live } },
    handler: async (request, reply) => {
      if (!mayRead(request)) return reply.callNotFound();
      return reply.header('cache-control', 'no-store').send({ status: 'alive' as const });
    },
  });

  ops.get('/readyz', {
    ...quiet,
    schema: { hide: true, response: { 200: Ready, 503: Ready } },
    handler: async (request, reply) => {
      if (!mayRead(request)) return reply.callNotFound();
      const [database, redis] = await Promise.all([
        deps.database.ping(2000).then(
          () => 'ok' as const,
          () => 'failed' as const,
        ),
        deps.limiter.kind === 'redis'
          ? within(deps.limiter.peek('readyz'), 2000).then(
              () => 'ok' as const,
              () => 'failed' as const,
            )
          : ('not configured' as const),
      ]);
      const ready = database === 'ok' && redis !== 'failed';
      return reply
        .status(ready ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status: ready ? 'ready' : 'not ready', database, redis });
    },
  });
}
