import type { ApproveInput } from '@meltway/shared/accounts/dealer.schema';
import { accountsMessages as m } from '@meltway/shared/accounts/messages';
import type { UserOut } from '@meltway/shared/accounts/user.schema';
import { actor, type Ctx } from '../../lib/ctx.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { sendMail } from '../../lib/mailer.js';
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
  const decided = await repo.decidePending(ctx.db, userId, input.status);
  if (!decided) throw new ConflictError(m.notPending);
  ctx.log.info({ userId, status: input.status, by: me.id }, 'account decided');
  await sendMail(ctx, {
    to: decided.email,
    subject: input.status === 'approved' ? 'Your Meltway account is approved' : 'Your Meltway registration',
    text:
      input.status === 'approved'
        ? `Hello ${decided.fullname},\n\nYour ${decided.role} account has been approved. You can sign in now:\n\n${ctx.config.publicUrl}/login\n\nMeltway`
        : `Hello ${decided.fullname},\n\nWe are sorry: your ${decided.role} registration was not approved. If you think this is a mistake, reply to this mail or write to ${ctx.config.supportEmail}.\n\nMeltway`,
  });
  return userOut(ctx, decided);
}
