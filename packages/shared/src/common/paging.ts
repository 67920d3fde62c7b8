import { z } from 'zod';
import { coercedInt, text } from './fields.js';
import { commonMessages } from './messages.js';

export const PAGE_SIZES = [10, 20, 30, 40, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** The largest page any list sends: a bigger one is a 400, never a slow query. */
export const MAX_PAGE_SIZE = 100;
/** The longest search (`q`) every list takes. */
export const SEARCH_MAX_LENGTH = 100;

/**
 * The query string of a list. It takes only the parameters it names: one it does not have (a sort by a
 * column of another list, a search where there is none, a misspelt filter) is a 400, never silently ignored,
 * so a client cannot believe it sorted or filtered what it did not.
 */
export const listQuery = <S extends z.ZodRawShape>(shape: S) => z.strictObject(shape, { error: commonMessages.invalidValue });

/** `page` and `pageSize` of a list whose SPEC.md answer is the whole array unless it is asked for a page. */
export const optionalPaging = {
  page: coercedInt({ min: 1 }).optional(),
  pageSize: coercedInt({ min: 1, max: MAX_PAGE_SIZE }).optional(),
};

/** A list's search text: one line, at most SEARCH_MAX_LENGTH characters. */
export const searchText = () => text().max(SEARCH_MAX_LENGTH).optional();

/** Query parameters of every list that pages on the server. */
export const PageQuery = listQuery({
  page: coercedInt({ min: 1 }).default(1),
  pageSize: coercedInt({ min: 1, max: MAX_PAGE_SIZE }).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof PageQuery>;

/**
 * `sort` (one of a list's column ids) and `order` of a list that is newest first unless asked otherwise: both
 * optional, so leaving them out keeps the default order (and its bookmarked paging).
 */
export const newestFirstUnlessSorted = <const S extends readonly [string, ...string[]]>(sorts: S) => ({
  sort: z.enum(sorts).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});

export const paged = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int() });
