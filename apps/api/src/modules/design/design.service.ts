import type { DesignInputParsed, DesignProduct, DesignResult } from '@meltway/shared/design/design.schema';
import { designMessages as m } from '@meltway/shared/design/messages';
import { commonMessages } from '@meltway/shared/common/messages';
import type { Ctx } from '../../lib/ctx.js';
import { FieldError, ServiceBusyError } from '../../lib/errors.js';
import { enforceLimit } from '../../lib/limiter.js';
import { cachePerDatabase } from '../../lib/ttl-cache.js';
import { PoolFullError, PoolTimeoutError } from '../../lib/worker-pool.js';
import { designProducts } from '../catalogue/products.service.js';
import { engineCatalogue, enginePool } from './engine-pool.js';

/**
 * The catalogue as read under its cache version: any committed change of a product but its stock retires it
 * (another process's within CACHE_POLL_MS); stock may be up to the lifetime old, as on the public product pages.
 */
const catalogueRead = cachePerDatabase<DesignProduct[]>('design-catalogue', 30_000, 4);

/** The live catalogue for the layout generator, as the public product reads cache it. */
export const designCatalogue = (ctx: Pick<Ctx, 'db' | 'versions'>) =>
  catalogueRead(ctx.db).getOr(String(ctx.versions.version('catalogue')), () => designProducts(ctx));

/**
 * Runs the engine in this process's engine threads, never on the event loop, and answers the design as the JSON of
 * the response; input the engine refuses is a 400 naming the field (under `at`, where the body nests the input).
 * Every thread busy and the queue full, or a calculation over its time limit, is a 503 with a Retry-After.
 */
async function engineJson(ctx: Pick<Ctx, 'config'>, input: DesignInputParsed, catalogue: readonly DesignProduct[], at: readonly string[]): Promise<Buffer> {
  let answer;
  try {
    answer = await enginePool(ctx.config).run({ input, catalogue: engineCatalogue(catalogue) });
  } catch (err) {
    if (err instanceof PoolFullError) throw new ServiceBusyError(m.busy, 1);
    if (err instanceof PoolTimeoutError) throw new ServiceBusyError(m.calculationTooLong, 5);
    throw err;
  }
  if ('refused' in answer) throw new FieldError([...at, ...answer.refused.path].join('.'), m[answer.refused.messageKey], answer.refused.params);
  return Buffer.from(answer.design.buffer, answer.design.byteOffset, answer.design.byteLength);
}

/** The engine's design as an object, for what keeps or reads it (a saved project). */
export async function runEngine(ctx: Pick<Ctx, 'config'>, input: DesignInputParsed, catalogue: readonly DesignProduct[], at: readonly string[] = []): Promise<DesignResult> {
  return JSON.parse((await engineJson(ctx, input, catalogue, at)).toString('utf8')) as DesignResult;
}

/**
 * Designs a system on the live catalogue for anyone, signed in or not; limited per client address. The answer is
 * the JSON the engine's thread wrote, sent as it is: the engine builds a DesignResult, and the tests hold that the
 * largest one passes the response schema unchanged.
 */
export async function calculate(ctx: Ctx, input: DesignInputParsed): Promise<Buffer> {
  await enforceLimit(ctx.limiter, `design-calculate:ip:${ctx.ip}`, ctx.limits.designCalculatePerIp, commonMessages.rateLimited);
  return engineJson(ctx, input, await designCatalogue(ctx), []);
}
