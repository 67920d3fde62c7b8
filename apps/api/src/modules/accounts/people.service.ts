import type { AddDealerInput, ContractorListQuery, InviteAdminInput } from '@meltway/shared/accounts/people.schema';
import { accountsMessages as m } from '@meltway/shared/accounts/messages';
import type { UserOut } from '@meltway/shared/accounts/user.schema';
import type { z } from 'zod';
import { actor, type Ctx } from '../../lib/ctx.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { cachePerDatabase } from '../../lib/ttl-cache.js';
import { holdsCurrentCertificate } from '../academy/certificates.service.js';
import { mailPasswordLink } from './password-reset.service.js';
import { toUserOut, withDealerNames } from './user-presenter.js';
import * as repo from './users.repo.js';
import * as people from './people.repo.js';

/** Invitations stay valid longer than a reset link: the invitee may not read mail at once. */
const INVITE_TTL_MINUTES = 72 * 60;

/**
 * Totals of contractor lists: counting 100,000 rows costs more than reading a page, and a table asks
 * for the same total on every page. They key on the users version, so a write to users by any
 * process retires them within one poll of the versions.
 */
const contractorTotals = cachePerDatabase<number>('contractor-totals', 30_000, 1000);

/**
 * Where each block of BOOKMARK_EVERY rows starts in a list's creation order, invalidated like the
 * totals: page 1,000 then reads the same few rows from the index as page 1.
 */
const contractorBookmarks = cachePerDatabase<people.Bookmark | null>('contractor-bookmarks', 30_000, 10_000);

type ContractorQuery = z.output<typeof ContractorListQuery>;

/** One page in creation order (the default), started from the bookmark of its block. */
async function pageByCreation(ctx: Ctx, query: ContractorQuery, scope: { dealerId?: string }, listKey: string) {
  const offset = (query.page - 1) * query.pageSize;
  const blockStart = offset - (offset % people.BOOKMARK_EVERY);
  let after: people.Bookmark | null = null;
  if (blockStart > 0) {
    after = await contractorBookmarks(ctx.db).getOr(`${listKey}:${query.order}:${blockStart}`, () =>
      people.contractorBookmark(ctx.db, query, scope, blockStart - 1),
    );
    if (!after) return []; // the list ends before this block
  }
  const rows = await people.pageContractorsByCreation(ctx.db, query, scope, {
    after,
    offset: offset - blockStart,
    certified: holdsCurrentCertificate,
    now: ctx.now,
  });
  const users = await withDealerNames(ctx, rows.map((r) => r.user));
  return users.map((u, i) => ({ ...u, certified: rows[i]!.certified }));
}

/** Contractors, paged on the server: every one for admins, only its own for a dealer; each says if it is certified. */
export async function listContractors(ctx: Ctx, query: ContractorQuery) {
  const me = actor(ctx);
  const scope = { dealerId: me.role === 'dealer' ? me.id : undefined };
  const { q, status, contractorType, dealerId } = query;
  const key = JSON.stringify([ctx.versions.version('users'), scope.dealerId, q, status, contractorType, dealerId]);
  const [items, total] = await Promise.all([
    query.sort === 'created_at'
      ? pageByCreation(ctx, query, scope, key)
      : people
          .pageContractors(ctx.db, query, scope, holdsCurrentCertificate, ctx.now)
          .then((rows) => rows.map((r) => ({ ...toUserOut(r.user, r.dealerName), certified: r.certified }))),
    contractorTotals(ctx.db).getOr(key, () => people.countContractors(ctx.db, query, scope)),
  ]);
  return { items, total };
}

/** One contractor's whole profile; a dealer gets 404 for a contractor who did not choose it. */
export async function getContractor(ctx: Ctx, id: string): Promise<UserOut> {
  const me = actor(ctx);
  const row = await people.findContractorWithDealer(ctx.db, id);
  if (!row || (me.role === 'dealer' && row.user.dealerId !== me.id)) throw new NotFoundError(m.userNotFound);
  return toUserOut(row.user, row.dealerName);
}

/** A dealer as admins see it: its data with bank numbers masked. */
export async function getDealer(ctx: Ctx, id: string): Promise<UserOut> {
  const row = await repo.findUserById(ctx.db, id);
  if (!row || row.role !== 'dealer') throw new NotFoundError(m.userNotFound);
  return toUserOut(row);
}

async function invite(ctx: Ctx, user: repo.UserRow, intro: string) {
  await mailPasswordLink(
    ctx,
    user.id,
    'invite',
    (link) => ({
      to: user.email,
      subject: 'Your Meltway account',
      text: `Hello ${user.fullname},\n\n${intro}\n\nChoose your password with this link (valid for 3 days):\n\n${link}\n\nThen sign in at ${ctx.config.publicUrl}/login\n\nMeltway`,
    }),
    INVITE_TTL_MINUTES,
  );
}

/** The Add Dealer wizard: an admin creates a dealer, approved at once and invited to set its password. */
export async function createDealer(ctx: Ctx, input: z.output<typeof AddDealerInput>): Promise<UserOut> {
  const me = actor(ctx);
  if (await repo.findUserByEmail(ctx.db, input.email)) throw new ConflictError(m.emailTaken, 'email');
  const row = await repo.insertUser(ctx.db, {
    email: input.email,
    fullname: input.fullname,
    role: 'dealer',
    status: 'approved',
    address: input.address,
    phone: input.phone,
    phoneCode: input.phoneCode,
    passwordHash: await hashPassword(input.password),
    dealerData: {
      billingEmail: input.billingEmail,
      commission: input.commission,
      coverageRadius: input.coverageRadius,
      manager: input.manager,
      bankingInfo: input.bankingInfo,
    },
    createdAt: ctx.now,
  });
  ctx.log.info({ userId: row.id, by: me.id }, 'dealer created');
  await invite(ctx, row, `An administrator created a dealer account for ${row.fullname} on Meltway.`);
  return toUserOut(row);
}

export async function listAdmins(ctx: Ctx) {
  const rows = await repo.listUsers(ctx.db, { role: 'admin' });
  return { items: rows.map((r) => toUserOut(r)) };
}

/** Creates an admin without a password and mails the link to choose one. */
export async function inviteAdmin(ctx: Ctx, input: z.output<typeof InviteAdminInput>): Promise<UserOut> {
  const me = actor(ctx);
  if (await repo.findUserByEmail(ctx.db, input.email)) throw new ConflictError(m.emailTaken, 'email');
  const row = await repo.insertUser(ctx.db, { email: input.email, fullname: input.fullname, role: 'admin', status: 'approved', createdAt: ctx.now });
  ctx.log.info({ userId: row.id, by: me.id }, 'admin invited');
  await invite(ctx, row, `${me.fullname} invited you to administer the Meltway platform.`);
  return toUserOut(row);
}

/** The last 12 months as `YYYY-MM` (UTC), oldest first, ending with the month of `now`. */
function last12Months(now: Date) {
  const months: string[] = [];
  for (let i = 11; i >= 0; i--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    months.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return months;
}

/** People figures for the dashboard home: everything for admins, a dealer's own contractors for a dealer. */
export async function accountFigures(ctx: Ctx) {
  const me = actor(ctx);
  const months = last12Months(ctx.now);
  const since = new Date(`${months[0]}-01T00:00:00Z`);
  const scope = me.role === 'dealer' ? { dealerId: me.id } : {};
  const [pendingApprovals, dealers, contractors, rows] = await Promise.all([
    me.role === 'dealer'
      ? people.countBy(ctx.db, { role: 'contractor', status: 'pending', dealerId: me.id })
      : people.countBy(ctx.db, { roles: ['dealer', 'contractor'], status: 'pending' }),
    me.role === 'dealer' ? Promise.resolve(null) : people.countBy(ctx.db, { role: 'dealer', status: 'approved' }),
    people.countBy(ctx.db, { role: 'contractor', ...scope }),
    people.signupsByMonth(ctx.db, since, scope),
  ]);
  const byMonth = new Map(rows.map((r) => [r.month, r.n]));
  return { pendingApprovals, dealers, contractors, signups: months.map((month) => ({ month, count: byMonth.get(month) ?? 0 })) };
}
