import type { DashboardStats } from '@meltway/shared/dashboard/stats.schema';
import type { Ctx } from '../../lib/ctx.js';
import { accountFigures } from '../accounts/people.service.js';

/**
 * The dashboard home. Learners, courses, orders and revenue come from domains that do not exist yet;
 * they are 0 because there is nothing to count, and each joins here when its domain lands.
 */
export async function dashboardStats(ctx: Ctx): Promise<DashboardStats> {
  const people = await accountFigures(ctx);
  return { ...people, learners: 0, courses: 0, ordersThisMonth: 0, revenueThisMonth: 0 };
}
