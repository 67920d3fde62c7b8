import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders, paymentEvents } from '../../db/schema/commerce.js';

/**
 * Keeps a provider's event id; answers false when it was kept already (the event was handled). Two
 * deliveries at once: the second insert waits for the first's commit, then does nothing.
 */
export const insertPaymentEvent = async (db: Db, e: { provider: 'stripe' | 'test'; eventId: string; type: string }) =>
  (await db.insert(paymentEvents).values(e).onConflictDoNothing().returning({ id: paymentEvents.eventId })).length > 0;

/** The id of the order a provider payment belongs to. */
export const orderIdByPaymentRef = async (db: Db, ref: string) =>
  (await db.select({ id: orders.id }).from(orders).where(eq(orders.paymentRef, ref)).limit(1))[0]?.id;
