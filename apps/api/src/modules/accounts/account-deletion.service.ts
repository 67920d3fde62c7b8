import { accountsMessages as m } from '@meltway/shared/accounts/messages';
import { actor, type Ctx } from '../../lib/ctx.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.js';
import * as repo from './users.repo.js';

/** Deletes an account for good: never yourself, never the last admin, never a dealer contractors depend on. */
export async function deleteUser(ctx: Ctx, userId: string) {
  const me = actor(ctx);
  if (userId === me.id) throw new BadRequestError(m.cannotDeleteSelf);
  const files = await ctx.db.transaction(async (tx) => {
    const target = await repo.findUserById(tx, userId);
    if (!target) throw new NotFoundError(m.userNotFound);
    if (target.role === 'admin') {
      const admins = await repo.lockAdmins(tx);
      if (admins.length <= 1) throw new ConflictError(m.cannotDeleteLastAdmin);
    }
    if (target.role === 'dealer' && (await repo.countUsers(tx, { role: 'contractor', dealerId: target.id })) > 0) {
      throw new ConflictError(m.dealerHasContractors);
    }
    await repo.deleteUserRow(tx, userId);
    return { voidCheque: target.voidCheque, image: target.image, logo: target.logo };
  });
  await Promise.all([
    files.voidCheque && ctx.privateFiles.remove(files.voidCheque),
    files.image && ctx.storage.remove(files.image),
    files.logo && ctx.storage.remove(files.logo),
  ]);
  ctx.log.info({ userId, by: me.id }, 'account deleted');
  return { message: 'Deleted' };
}
