import { z } from 'zod';

/** The home figures of the dashboard, for the signed-in role (a dealer's count only its own). */
export const DashboardStats = z.object({
  pendingApprovals: z.number().int(),
  /** Approved dealers; null for a dealer, to whom the figure does not apply. */
  dealers: z.number().int().nullable(),
  contractors: z.number().int(),
  learners: z.number().int(),
  courses: z.number().int(),
  ordersThisMonth: z.number().int(),
  /** Integer cents, CAD. */
  revenueThisMonth: z.number().int(),
  /** Sign-ups per month over the last 12 months, oldest first, `YYYY-MM` in UTC. */
  signups: z.array(z.object({ month: z.string(), count: z.number().int() })),
});
export type DashboardStats = z.infer<typeof DashboardStats>;
