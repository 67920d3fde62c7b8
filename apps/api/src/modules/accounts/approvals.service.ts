import type { ApproveInput } from '@meltway/shared/accounts/dealer.schema';
import { accountsMessages as m } from '@meltway/shared/accounts/messages';
import type { UserOut } from '@meltway/shared/accounts/user.schema';
import { actor, type Ctx } from '../../lib/ctx.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { enqueueMail } from '../../lib/outbox.js';
import { userOut } from './user-presenter.js';
import * as repo from './users.repo.js';

/** Approves or rejects a pending dealer or contractor: an admin, or the dealer the contractor chose. */
export async function decideApproval(ctx: Ctx, userId: string, input: ApproveInput): Promise<UserOut> {
  const me = actor(ctx);
  const target = await repo.findUserById(ctx.db, userId);
  const mayDecide =
    target &&
    (target.role === 'dealer' || target.role === 'contractor') &&
    (me.role === 'admin' || (me.role === 'dealer' && target.role === 'contractor' && target.dealerId === me.id));
  if (!target || !mayDecide) throw new NotFoundError(m.userNotFound);
  // The decision and its mail are kept together, in one transaction.
  const decided = await ctx.db.transaction(async (tx) => {
    const row = await repo.decidePending(tx, userId, input.status);
    if (!row) return null;
    await enqueueMail(tx, {
      to: row.email,
      subject: input.status === 'approved' ? 'Your Meltway account is approved' : 'Your Meltway registration',
      text:
        input.status === 'approved'
          ? `Hello ${row.fullname},\n\nYour ${row.role} account has been approved. You can sign in now:\n\n${ctx.config.publicUrl}/login\n\nMeltway`
          : `Hello ${row.fullname},\n\nWe are sorry: your ${row.role} registration was not approved. If you think this is a mistake, reply to this mail or write to ${ctx.config.supportEmail}.\n\nMeltway`,
    });
    return row;
  });
  if (!decided) throw new ConflictError(m.notPending);
  ctx.log.info({ userId, status: input.status, by: me.id }, 'account decided');
  return userOut(ctx, decided);
}
