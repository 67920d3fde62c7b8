import type { DashboardStats } from '@meltway/shared/dashboard/stats.schema';
import type { Ctx } from '../../lib/ctx.js';
import { academyFigures } from '../academy/courses.service.js';
import { accountFigures } from '../accounts/people.service.js';
import { monthCommission } from '../payments/commission.service.js';
import { monthOrderFigures } from '../orders/orders.service.js';

/** The dashboard home: people, learning, and this month's orders, revenue and (for a dealer) commission. */
export async function dashboardStats(ctx: Ctx): Promise<DashboardStats> {
  const [people, academy, orders, commission] = await Promise.all([accountFigures(ctx), academyFigures(ctx), monthOrderFigures(ctx), monthCommission(ctx)]);
  return { ...people, ...academy, ordersThisMonth: orders.orders, revenueThisMonth: orders.revenueCents, commissionThisMonth: commission };
}
