import { commerceMessages as m } from '@meltway/shared/cart-checkout/messages';
import type { OrderLookupInput, OrderOut } from '@meltway/shared/orders/order.schema';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../lib/ctx.js';
import { AppError, NotFoundError } from '../../lib/errors.js';
import { enforceLimit } from '../../lib/limiter.js';
import type { OrderLinks } from '../../lib/order-links.js';
import { enqueueJob, type OutboxWork } from '../../lib/outbox.js';
import { invoiceFileName, invoicePdf } from './invoices.js';
import { orderMail } from './order-mails.service.js';
import { findOrderByNumberAndEmail } from './order-links.repo.js';
import { findOrder } from './orders.repo.js';
import { presentOrder } from './orders.service.js';

/** The outbox job a look-up queues: it finds the order, if any, when the worker does it. */
const ORDER_LINK_JOB = 'order-link';

/**
 * The order a signed link names, as its buyer reads it (the same answer as GET /orders/:id, without the
 * actions, which need a sign-in). A forged or malformed token, or one of an order no longer there, is a
 * 404; a genuine token past its expiry is a 410, so the page can say to ask for a new one.
 */
async function linkedOrder(ctx: Pick<Ctx, 'db' | 'now' | 'orderLinks'>, token: string): Promise<OrderOut> {
  const check = ctx.orderLinks.verify(token, ctx.now);
  if (check && 'expired' in check) throw new AppError(410, m.orderLinkExpired);
  const order = check ? await findOrder(ctx.db, check.orderId) : undefined;
  if (!order) throw new NotFoundError(m.orderLinkInvalid);
  return presentOrder(ctx, order, null);
}

/** GET /api/v1/orders/view/:token */
export const viewOrder = (ctx: Ctx, token: string) => linkedOrder(ctx, token);

/** GET /api/v1/orders/view/:token/invoice.pdf: the order's invoice in its language, through its signed link. */
export async function viewInvoice(ctx: Ctx, token: string) {
  const order = await linkedOrder(ctx, token);
  return { fileName: invoiceFileName(order), pdf: await invoicePdf(order, ctx.now) };
}

/**
 * POST /api/v1/orders/lookup: queues the job that mails the order's link to the email it was placed with.
 * The request does the same work and gives the same answer whether or not such an order exists: the
 * outbox worker looks for it later, and sends nothing when there is none.
 */
export async function lookupOrder(ctx: Ctx, input: z.output<typeof OrderLookupInput>) {
  await enforceLimit(ctx.limiter, `orders:lookup:ip:${ctx.ip}`, ctx.limits.orderLookupsPerIp, m.tooManyOrderLookups);
  await enforceLimit(ctx.limiter, `orders:lookup:number:${input.number}`, ctx.limits.orderLookupsPerNumber, m.tooManyOrderLookups);
  await enqueueJob(ctx.db, ORDER_LINK_JOB, { number: input.number, email: input.email });
  return { message: m.orderLinkSent };
}

const DAY = 86_400_000;

/** What the outbox renders for orders at send time: the invoice a mail names, and the link a look-up asked for. */
export function orderOutboxWork(deps: { config: Pick<Config, 'publicUrl' | 'orderLinkDays'>; orderLinks: OrderLinks }): OutboxWork {
  return {
    async attachment(db: Db, attachment, now) {
      const order = await findOrder(db, attachment.invoiceOf);
      if (!order) throw new Error(`invoice of order ${attachment.invoiceOf}: no such order`);
      const out = await presentOrder({ db }, order, null);
      return { filename: invoiceFileName(out), content: await invoicePdf(out, now), contentType: 'application/pdf' };
    },
    jobs: {
      async [ORDER_LINK_JOB](db, payload, now) {
        const order = await findOrderByNumberAndEmail(db, String(payload.number), String(payload.email));
        if (!order) return null;
        const token = deps.orderLinks.sign(order.id, now);
        return orderMail('link', order, deps.config.publicUrl, { validUntil: new Date(now.getTime() + deps.config.orderLinkDays * DAY) }, { token });
      },
    },
  };
}
