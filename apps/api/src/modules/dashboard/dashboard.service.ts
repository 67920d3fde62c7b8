import type { DashboardStats } from '@meltway/shared/dashboard/stats.schema';
import type { Ctx } from '../../lib/ctx.js';
import { academyFigures } from '../academy/courses.service.js';
import { accountFigures } from '../accounts/people.service.js';

/**
 * The dashboard home. Orders and revenue come from a domain that does not exist yet;
 * they are 0 because there is nothing to count, and join here when it lands.
 */
export async function dashboardStats(ctx: Ctx): Promise<DashboardStats> {
  const [people, academy] = await Promise.all([accountFigures(ctx), academyFigures(ctx)]);
  return { ...people, ...academy, ordersThisMonth: 0, revenueThisMonth: 0 };
}
