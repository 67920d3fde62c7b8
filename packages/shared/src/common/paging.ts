import { z } from 'zod';
import { coercedInt } from './fields.js';

export const PAGE_SIZES = [10, 20, 30, 40, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** Query parameters of every list that pages on the server. */
export const PageQuery = z.object({
  page: coercedInt({ min: 1 }).default(1),
  pageSize: coercedInt({ min: 1, max: 100 }).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const paged = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int() });
