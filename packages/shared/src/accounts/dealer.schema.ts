import { z } from 'zod';
import { UserOut } from './user.schema.js';

/** What anyone may see of an approved dealer: never banking data, commission or emails. */
export const PublicDealer = z.object({
  id: z.uuid(),
  fullname: z.string(),
  logo: z.string().nullable(),
  address: z.string().nullable(),
  coverageRadius: z.number().nullable(),
  /** One of its approved contractors holds a current academy certificate (a certified installer). */
  certified: z.boolean(),
});
export type PublicDealer = z.infer<typeof PublicDealer>;

export const PublicDealerList = z.object({ items: z.array(PublicDealer) });
export const DealerList = z.object({ items: z.array(UserOut) });

export const DealerListQuery = z.object({
  role: z.literal('dealer').optional(),
  status: z.enum(['pending', 'approved', 'inactive']).optional(),
});

export const PublicDealerQuery = z.object({
  role: z.literal('dealer').optional(),
  status: z.literal('approved').optional(),
});

/** Body of POST /api/v1/users/dealer/{id}/approve. */
export const ApproveInput = z.object({ status: z.enum(['approved', 'inactive']) });
export type ApproveInput = z.infer<typeof ApproveInput>;
