import type { PublicDealer } from '@meltway/shared/accounts/dealer.schema';
import { accountsMessages as m } from '@meltway/shared/accounts/messages';
import type { UserStatus } from '@meltway/shared/accounts/roles';
import type { UserOut } from '@meltway/shared/accounts/user.schema';
import { actor, type Ctx } from '../../lib/ctx.js';
import { NotFoundError } from '../../lib/errors.js';
import { dealersWithCertifiedInstallers } from '../academy/certificates.service.js';
import { toUserOut } from './user-presenter.js';
import * as repo from './users.repo.js';

/** Approved dealers, with the fields anyone may see. */
export async function listPublicDealers(ctx: Ctx): Promise<{ items: PublicDealer[] }> {
  const rows = await repo.listUsers(ctx.db, { role: 'dealer', status: 'approved' });
  const certified = await dealersWithCertifiedInstallers(ctx, rows.map((r) => r.id));
  return {
    items: rows.map((r) => ({
      id: r.id,
      fullname: r.fullname,
      logo: r.logo,
      address: r.address,
      coverageRadius: r.dealerData?.coverageRadius ?? null,
      certified: certified.has(r.id),
    })),
  };
}

/** Every dealer with its status and dealer data, bank numbers masked (admins). */
export async function listDealers(ctx: Ctx, query: { status?: UserStatus }): Promise<{ items: UserOut[] }> {
  const rows = await repo.listUsers(ctx.db, { role: 'dealer', status: query.status });
  return {
    items: rows.map((r) => toUserOut(r)),
  };
}

const MIME_BY_EXT: Record<string, string> = { pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg' };

/** A dealer's void cheque, for the dealer itself or an admin; 404 for anyone else. */
export async function readVoidCheque(ctx: Ctx, userId: string) {
  const me = actor(ctx);
  const target = await repo.findUserById(ctx.db, userId);
  if (!target?.voidCheque || (me.role !== 'admin' && me.id !== target.id)) throw new NotFoundError(m.userNotFound);
  const bytes = await ctx.privateFiles.read(target.voidCheque);
  if (!bytes) throw new NotFoundError(m.userNotFound);
  const ext = target.voidCheque.split('.').pop() ?? '';
  return { bytes, type: MIME_BY_EXT[ext] ?? 'application/octet-stream', ext };
}
