import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema/commerce.js';

/** The order with this number placed with this email (compared without case), or undefined. */
export async function findOrderByNumberAndEmail(db: Db, number: string, email: string) {
  return (await db.select().from(orders).where(and(eq(orders.number, number), sql`lower(${orders.email}) = ${email.toLowerCase()}`)).limit(1))[0];
}
