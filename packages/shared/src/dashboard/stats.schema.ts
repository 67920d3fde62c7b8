import { z } from 'zod';

/**
 * The home figures of the dashboard, for the signed-in role (a dealer's count only its own). "This
 * month" is the calendar month in Eastern time, where the seller is.
 */
export const DashboardStats = z.object({
  pendingApprovals: z.number().int(),
  /** Approved dealers; null for a dealer, to whom the figure does not apply. */
  dealers: z.number().int().nullable(),
  contractors: z.number().int(),
  learners: z.number().int(),
  courses: z.number().int(),
  /** Orders placed this month that went through (paid or on account, whatever came after); neither cancelled nor still awaiting a card payment. */
  ordersThisMonth: z.number().int(),
  /**
   * Integer cents, CAD: the goods of those orders after discount, net of refunds (a refund's share of
   * the goods, in proportion to the order's total). Before tax and shipping: neither is revenue.
   */
  revenueThisMonth: z.number().int(),
  /** A dealer's commission earned this month, net of reversals (cents); null for admins. */
  commissionThisMonth: z.number().int().nullable(),
  /** Sign-ups per month over the last 12 months, oldest first, `YYYY-MM` in UTC. */
  signups: z.array(z.object({ month: z.string(), count: z.number().int() })),
});
export type DashboardStats = z.infer<typeof DashboardStats>;
