import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { categories } from '../db/schema/catalogue.js';
import { coupons, creditAccounts } from '../db/schema/commerce.js';

/**
 * The demo shop's money side: credit for paying on account (Northern Heat Supply CAD 25,000, its
 * contractor Luc Gagnon CAD 10,000) and two coupons, WELCOME10 (10% off anything) and WINTER25 (25% off
 * mats on a subtotal of CAD 500 or more). Existing rows are left alone.
 */
export async function seedCommerce(db: Db, accounts: { dealerId: string; contractorId: string }) {
  await db
    .insert(creditAccounts)
    .values([
      { userId: accounts.dealerId, creditLimitCents: 2_500_000 },
      { userId: accounts.contractorId, creditLimitCents: 1_000_000 },
    ])
    .onConflictDoNothing();
  const mats = (await db.select({ id: categories.id }).from(categories).where(eq(categories.name, 'Mats')).limit(1))[0];
  await db
    .insert(coupons)
    .values([
      { name: 'Welcome 10%', code: 'WELCOME10', discountPercent: 10, description: '10% off your first snowmelt order.' },
      {
        name: 'Winter mats 25%',
        code: 'WINTER25',
        discountPercent: 25,
        description: '25% off snowmelt mats on orders of CAD 500 or more.',
        categoryId: mats?.id ?? null,
        minSubtotalCents: 50_000,
      },
    ])
    .onConflictDoNothing();
}
