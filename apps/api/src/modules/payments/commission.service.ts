import { accountsMessages } from '@meltway/shared/accounts/messages';
import type { CommissionEntryOut, CommissionLedgerOut, CommissionQuery, StatementQuery } from '@meltway/shared/payments/commission.schema';
import type { z } from 'zod';
import { actor, type Ctx } from '../../lib/ctx.js';
import { NotFoundError } from '../../lib/errors.js';
import { getDealer } from '../accounts/people.service.js';
import * as repo from './commission.repo.js';
import { easternMonth, monthBounds } from '../../lib/eastern-time.js';
import { statementFileName, statementPdf } from './statements.js';

/** The dealer whose ledger is asked for: admins may read any dealer's, a dealer only its own (another's is 404, as if it did not exist). */
async function dealerOf(ctx: Ctx, dealerId: string) {
  const me = actor(ctx);
  if (me.role !== 'admin' && me.id !== dealerId) throw new NotFoundError(accountsMessages.userNotFound);
  const dealer = await getDealer(ctx, dealerId);
  return { id: dealer.id, name: dealer.fullname, percent: dealer.dealerData?.commission ?? 0 };
}

const entryOf = (r: repo.EntryRow): CommissionEntryOut => ({
  id: r.entry.id,
  kind: r.entry.kind,
  orderId: r.entry.orderId,
  orderNumber: r.orderNumber,
  contractorName: r.contractorName,
  baseCents: r.entry.baseCents,
  percent: r.entry.percent,
  amountCents: r.entry.amountCents,
  created_at: r.entry.createdAt.toISOString(),
});

/** GET /api/v1/dealers/:dealerId/commission: the ledger newest first (of one month when asked), and its balance. */
export async function commissionLedger(ctx: Ctx, dealerId: string, q: z.output<typeof CommissionQuery>): Promise<CommissionLedgerOut> {
  const dealer = await dealerOf(ctx, dealerId);
  const range = q.month ? monthBounds(q.month) : {};
  const [rows, totals] = await Promise.all([
    repo.pageEntries(ctx.db, dealerId, range, (q.page - 1) * q.pageSize, q.pageSize),
    repo.ledgerTotals(ctx.db, dealerId, range),
  ]);
  return { dealer, items: rows.map(entryOf), total: totals.count, balanceCents: totals.sumCents };
}

/** GET /api/v1/dealers/:dealerId/commission/statement.pdf: one month's statement (Eastern time; this month unless asked), in the language asked. */
export async function commissionStatement(ctx: Ctx, dealerId: string, q: z.output<typeof StatementQuery>) {
  const dealer = await dealerOf(ctx, dealerId);
  const month = q.month ?? easternMonth(ctx.now);
  const { from, to } = monthBounds(month);
  const entries = (await repo.entriesBetween(ctx.db, dealerId, from, to)).map(entryOf);
  return { fileName: statementFileName(month, q.locale), pdf: await statementPdf({ dealer, month, entries, locale: q.locale }, ctx.now) };
}

/** The signed-in dealer's commission this month, net of reversals (cents); null for anyone else. */
export async function monthCommission(ctx: Ctx, month = easternMonth(ctx.now)): Promise<number | null> {
  const me = actor(ctx);
  if (me.role !== 'dealer') return null;
  return (await repo.ledgerTotals(ctx.db, me.id, monthBounds(month))).sumCents;
}
