import { calculateDesign, DesignInputError } from '@meltway/shared/design/calculate';
import type { DesignInputParsed, DesignProduct, DesignResult } from '@meltway/shared/design/design.schema';
import { designMessages as m } from '@meltway/shared/design/messages';
import { commonMessages } from '@meltway/shared/common/messages';
import type { Ctx } from '../../lib/ctx.js';
import { FieldError } from '../../lib/errors.js';
import { enforceLimit } from '../../lib/limiter.js';
import { cachePerDatabase } from '../../lib/ttl-cache.js';
import { designProducts } from '../catalogue/products.service.js';

/**
 * The catalogue as read under its cache version: any committed change of a product but its stock retires it
 * (another process's within CACHE_POLL_MS); stock may be up to the lifetime old, as on the public product pages.
 */
const catalogueRead = cachePerDatabase<DesignProduct[]>('design-catalogue', 30_000, 4);

/** The live catalogue for the layout generator, as the public product reads cache it. */
export const designCatalogue = (ctx: Pick<Ctx, 'db' | 'versions'>) =>
  catalogueRead(ctx.db).getOr(String(ctx.versions.version('catalogue')), () => designProducts(ctx));

/** Runs the engine; input the engine refuses is a 400 naming the field (under `at`, where the body nests the input). */
export function runEngine(input: DesignInputParsed, catalogue: DesignProduct[], at: readonly string[] = []): DesignResult {
  try {
    return calculateDesign(input, catalogue);
  } catch (err) {
    if (err instanceof DesignInputError) throw new FieldError([...at, ...err.path].join('.'), m[err.messageKey], err.params);
    throw err;
  }
}

/** Designs a system on the live catalogue for anyone, signed in or not; limited per client address. */
export async function calculate(ctx: Ctx, input: DesignInputParsed): Promise<DesignResult> {
  await enforceLimit(ctx.limiter, `design-calculate:ip:${ctx.ip}`, ctx.limits.designCalculatePerIp, commonMessages.rateLimited);
  return runEngine(input, await designCatalogue(ctx));
}
