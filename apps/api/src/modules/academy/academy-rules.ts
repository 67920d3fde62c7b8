import type { AcademyListQuery } from '@meltway/shared/academy/common';
import { academyMessages as m } from '@meltway/shared/academy/messages';
import type { z } from 'zod';
import type { Ctx } from '../../lib/ctx.js';
import { foreignKeyViolation } from '../../lib/db-errors.js';
import { ConflictError } from '../../lib/errors.js';

/** What the academy's list endpoints take: page, pageSize, q. */
export type ListQuery = z.output<typeof AcademyListQuery>;

export const iso = (d: Date) => d.toISOString();

/** Staff see every record and the answer key; everyone else only what published courses use. */
export const isStaff = (ctx: Ctx) => ctx.user?.role === 'admin';

/** A delete the database refused because something still points at the row. */
export const linkedOnForeignKey = (err: unknown): never => {
  if (foreignKeyViolation(err) !== undefined) throw new ConflictError(m.alreadyLinked);
  throw err;
};
