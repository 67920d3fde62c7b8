import type { AboutFigures } from '@meltway/shared/content/about.schema';
import type { Ctx } from '../../lib/ctx.js';
import * as repo from './about.repo.js';

/** What the About page says of the academy and the dealer network, counted now. */
export const aboutFigures = (ctx: Ctx): Promise<AboutFigures> => repo.countFigures(ctx.db, ctx.now);
