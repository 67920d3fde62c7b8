import { randomUUID } from 'node:crypto';
import type { ApproveInput } from '@meltway/shared/accounts/dealer.schema';
import type { PublicDealer } from '@meltway/shared/accounts/dealer.schema';
import type { LoginInput, LoginOut, RefreshInput, ResetPasswordInput, ForgotPasswordInput, Tokens } from '@meltway/shared/accounts/auth.schema';
import { REFRESH_TOKEN_TTL_DAYS, RESET_MAILS_PER_HOUR, RESET_TOKEN_TTL_MINUTES } from '@meltway/shared/accounts/auth.schema';
import { accountsMessages as m } from '@meltway/shared/accounts/messages';
import type { RegisterInput } from '@meltway/shared/accounts/register.schema';
import { LOGO_TYPES, REGISTER_FILE_MAX_BYTES, VOID_CHEQUE_TYPES, type Role, type UserStatus } from '@meltway/shared/accounts/roles';
import type { UserOut } from '@meltway/shared/accounts/user.schema';
import type { Db } from '../../db/client.js';
import { actor, type Ctx, type SessionUser } from '../../lib/ctx.js';
import type { Storage } from '../../lib/storage.js';
import { BadRequestError, ConflictError, FieldError, ForbiddenError, NotFoundError, TooManyRequestsError, UnauthorizedError } from '../../lib/errors.js';
import { checkFile, decodeDataUrl } from '../../lib/files.js';
import type { AccessTokens } from '../../lib/jwt.js';
import { enforceLimit } from '../../lib/limiter.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { hashToken, newRandomPassword, newSecretToken } from '../../lib/random.js';
import * as repo from './accounts.repo.js';
import { maskBanking } from './banking.js';
import type { UserRow } from './accounts.repo.js';

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** Where a dealer's private void cheque is read, by the dealer itself or an admin. */
export const voidChequeUrl = (userId: string) => `/api/v1/users/${userId}/void-cheque`;

/** Maps a stored user to what the API shows; never the hash, never a token. */
export function toUserOut(row: UserRow, dealerName: string | null = null): UserOut {
  return {
    id: row.id,
    fullname: row.fullname,
    email: row.email,
    image: row.image && row.image.startsWith('/private/') ? voidChequeUrl(row.id) : row.image,
    role: row.role,
    status: row.status,
    address: row.address,
    phone: row.phone,
    phoneCode: row.phoneCode,
    logo: row.logo,
    created_at: row.createdAt.toISOString(),
    dealerData: row.role === 'dealer' ? (row.dealerData ?? null) : null,
    contractorData:
      row.role === 'contractor' && row.dealerId
        ? {
            companyName: row.companyName ?? '',
            licenseNumber: row.licenseNumber ?? '',
            contractorType: row.contractorType ?? 'Landscape Contractor',
            servicesOffered: row.servicesOffered ?? {
              consultations: false,
              permitApplications: false,
              systemInstallation: false,
              heatedPavement: false,
              heatedMats: false,
              systemRepairs: false,
              generalMaintenance: false,
            },
            contractorBN: row.contractorBN,
            TIN: row.tin,
            labourWarrantyPeriod: row.labourWarrantyPeriod ?? 0,
            dealerId: row.dealerId,
            dealerName,
          }
        : null,
  };
}

/** Dealer names by id, kept until this process writes a user (or five seconds, for another's writes). */
const dealerNameCache = new TtlCache<string | null>(5_000, 10_000);

/** The names of the dealers these users chose, read from the database only for those not known yet. */
async function dealerNamesOf(db: Db, rows: UserRow[]) {
  const seq = repo.usersWriteSeq();
  const ids = [...new Set(rows.flatMap((r) => (r.dealerId ? [r.dealerId] : [])))];
  const missing = ids.filter((id) => dealerNameCache.get(`${seq}:${id}`) === undefined);
  if (missing.length) {
    const found = await repo.dealerNames(db, missing);
    for (const id of missing) dealerNameCache.set(`${seq}:${id}`, found.get(id) ?? null);
  }
  return (id: string | null) => (id ? (dealerNameCache.get(`${seq}:${id}`) ?? null) : null);
}

/** Users as the API shows them, each with the name of the dealer it chose. */
export const withDealerNames = async (db: Db, rows: UserRow[]) => {
  const nameOf = await dealerNamesOf(db, rows);
  return rows.map((r) => toUserOut(r, nameOf(r.dealerId)));
};

const userOut = async (db: Db, row: UserRow) => (await withDealerNames(db, [row]))[0]!;

/**
 * What the bearer check reads of a user, for one second and keyed on this process's user writes: a
 * write here (a reset, a deactivation) is seen by the very next request, one made through another
 * instance within the second.
 */
const sessionUsers = new TtlCache<Awaited<ReturnType<typeof repo.findSessionUser>> | null>(1_000, 10_000);

/** The user behind a bearer token, if the token is valid and the account may still act. */
export async function authenticate(db: Db, tokens: AccessTokens, token: string): Promise<SessionUser | null> {
  const claims = await tokens.verify(token);
  if (!claims) return null;
  const user = await sessionUsers.getOr(`${repo.usersWriteSeq()}:${claims.sub}`, async () => (await repo.findSessionUser(db, claims.sub)) ?? null);
  if (!user || user.status !== 'approved' || user.tokenVersion !== claims.ver) return null;
  return { id: user.id, role: user.role, fullname: user.fullname, email: user.email };
}

async function issueTokens(ctx: Ctx, user: UserRow, familyId: string = randomUUID()): Promise<Tokens> {
  const refresh = newSecretToken();
  await repo.insertRefreshToken(ctx.db, {
    userId: user.id,
    familyId,
    tokenHash: hashToken(refresh),
    expiresAt: new Date(ctx.now.getTime() + REFRESH_TOKEN_TTL_DAYS * 86_400_000),
    createdAt: ctx.now,
  });
  const access = await ctx.tokens.sign({ sub: user.id, role: user.role, ver: user.tokenVersion }, ctx.now);
  return { access_token: access, refresh_token: refresh };
}

/** Signs in with email and password; the same 401 for an unknown email and a wrong password. */
export async function login(ctx: Ctx, input: LoginInput): Promise<LoginOut> {
  await enforceLimit(ctx.limiter, `login:ip:${ctx.ip}`, ctx.limits.loginPerIp, m.tooManyAttempts);
  const failKey = `login:fail:${input.email}`;
  // Counted before the password is checked (and cleared on success), so parallel guesses cannot all pass a peek.
  const attempts = await ctx.limiter.hit(failKey, ctx.limits.failedLoginsPerAccount.windowSeconds);
  if (attempts.count > ctx.limits.failedLoginsPerAccount.max) throw new TooManyRequestsError(m.tooManyAttempts, attempts.resetInSeconds);

  const user = await repo.findUserByEmail(ctx.db, input.email);
  const ok = await verifyPassword(input.password, user?.passwordHash);
  if (!user || !ok) throw new UnauthorizedError(m.invalidCredentials);
  await ctx.limiter.reset(failKey);
  if (user.status === 'pending') throw new ForbiddenError(m.accountPending);
  if (user.status === 'inactive') throw new ForbiddenError(m.accountInactive);
  const tokens = await issueTokens(ctx, user);
  ctx.log.info({ userId: user.id }, 'signed in');
  return { ...(await userOut(ctx.db, user)), ...tokens };
}

/** Rotates a refresh token; replaying a used one revokes every token of that sign-in. */
export async function refresh(ctx: Ctx, input: RefreshInput): Promise<Tokens> {
  await enforceLimit(ctx.limiter, `refresh:ip:${ctx.ip}`, ctx.limits.refreshPerIp, m.tooManyAttempts);
  const hash = hashToken(input.refresh_token);
  const tokens = await ctx.db.transaction(async (tx) => {
    const used = await repo.consumeRefreshToken(tx, hash, ctx.now);
    if (!used) return null;
    const user = await repo.findUserById(tx, used.userId);
    if (!user || user.status !== 'approved') throw new UnauthorizedError(m.refreshInvalid);
    return issueTokens({ ...ctx, db: tx }, user, used.familyId);
  });
  if (tokens) return tokens;
  // Outside the transaction: a revocation made inside it would be rolled back by the 401 thrown below.
  const known = await repo.findRefreshToken(ctx.db, hash);
  if (known?.usedAt && !known.revokedAt) {
    await repo.revokeRefreshFamily(ctx.db, known.familyId, ctx.now);
    ctx.log.warn({ userId: known.userId, familyId: known.familyId }, 'refresh token replayed: family revoked');
  }
  throw new UnauthorizedError(m.refreshInvalid);
}

/** Ends the sign-in that the refresh token belongs to. */
export async function logout(ctx: Ctx, refreshToken: string | undefined) {
  if (refreshToken) {
    const known = await repo.findRefreshToken(ctx.db, hashToken(refreshToken));
    if (known) await repo.revokeRefreshFamily(ctx.db, known.familyId, ctx.now);
  }
  return { message: m.loggedOut };
}

export async function me(ctx: Ctx): Promise<UserOut> {
  const user = await repo.findUserById(ctx.db, actor(ctx).id);
  if (!user) throw new NotFoundError(m.userNotFound);
  return userOut(ctx.db, user);
}

const resetLink = (ctx: Ctx, token: string) => `${ctx.config.publicUrl}/reset?token=${encodeURIComponent(token)}`;

/** Creates a single-use password link for the user, within the hourly mail limit; null when over it. */
export async function createPasswordLink(ctx: Ctx, userId: string, purpose: 'reset' | 'invite', ttlMinutes = RESET_TOKEN_TTL_MINUTES) {
  return ctx.db.transaction(async (tx) => {
    await repo.lockUser(tx, userId);
    const recent = await repo.countPasswordTokensSince(tx, userId, new Date(ctx.now.getTime() - 3_600_000));
    if (recent >= RESET_MAILS_PER_HOUR) return null;
    const token = newSecretToken();
    await repo.insertPasswordToken(tx, {
      userId,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(ctx.now.getTime() + ttlMinutes * 60_000),
      createdAt: ctx.now,
    });
    return resetLink(ctx, token);
  });
}

/** Sends a mail; a failure is logged, never shown to the user (the action itself succeeded). */
export async function sendMail(ctx: Ctx, mail: Parameters<Ctx['mail']['send']>[0]) {
  try {
    await ctx.mail.send(mail);
  } catch (err) {
    ctx.log.error({ err, to: mail.to, subject: mail.subject }, 'mail could not be sent');
  }
}

/** Mails a reset link if the account exists; the answer is the same either way. */
export async function forgotPassword(ctx: Ctx, input: ForgotPasswordInput & { email: string }) {
  await enforceLimit(ctx.limiter, `forgot:ip:${ctx.ip}`, ctx.limits.forgotPerIp, m.tooManyAttempts);
  const user = await repo.findUserByEmail(ctx.db, input.email);
  if (user) {
    const link = await createPasswordLink(ctx, user.id, 'reset');
    if (link) {
      // Not awaited: waiting for the mail server would make a known address answer measurably slower than an unknown one.
      void sendMail(ctx, {
        to: user.email,
        subject: 'Reset your Meltway password',
        text: `Hello ${user.fullname},\n\nSomeone asked to reset the password of your Meltway account. To choose a new password, open this link within ${RESET_TOKEN_TTL_MINUTES} minutes:\n\n${link}\n\nIf it was not you, ignore this mail: your password stays as it is.\n\nMeltway`,
      });
    } else {
      ctx.log.warn({ userId: user.id }, 'password reset mail limit reached');
    }
  }
  return { message: m.resetSent };
}

/** Sets a new password with a single-use link and ends every session of that user. */
export async function resetPassword(ctx: Ctx, input: ResetPasswordInput) {
  await enforceLimit(ctx.limiter, `reset:ip:${ctx.ip}`, ctx.limits.resetPerIp, m.tooManyAttempts);
  const hash = hashToken(input.token);
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    const token = await repo.consumePasswordToken(tx, hash, ctx.now);
    if (!token) {
      const known = await repo.findPasswordToken(tx, hash);
      if (!known) throw new BadRequestError(m.resetLinkInvalid);
      if (known.usedAt) throw new BadRequestError(m.resetLinkUsed);
      throw new BadRequestError(m.resetLinkExpired);
    }
    await repo.updateUser(tx, token.userId, { passwordHash });
    await repo.bumpTokenVersion(tx, token.userId);
    await repo.revokeUserRefreshTokens(tx, token.userId, ctx.now);
  });
  return { message: m.passwordChanged };
}

async function storeDataUrl(storage: Storage, dataUrl: string, field: string, allowed: readonly string[], typeMessage: string) {
  const bytes = decodeDataUrl(dataUrl, field, typeMessage);
  const file = await checkFile(bytes, { allowed, maxBytes: REGISTER_FILE_MAX_BYTES, field, typeMessage, sizeMessage: m.fileTooLarge });
  return storage.save(file.bytes, { folder: field === 'logo' ? 'logos' : 'documents', ext: file.ext });
}

/** Signs up a dealer, contractor or customer; the server decides the status. */
export async function register(ctx: Ctx, input: RegisterInput): Promise<UserOut> {
  await enforceLimit(ctx.limiter, `register:ip:${ctx.ip}`, ctx.limits.registerPerIp, m.tooManyAttempts);
  if (await repo.findUserByEmail(ctx.db, input.email)) throw new ConflictError(m.emailTaken, 'email');

  const base = {
    email: input.email,
    fullname: input.fullname,
    role: input.role as Role,
    address: input.address ?? null,
    phone: input.phone ?? null,
    phoneCode: input.phoneCode,
  };
  const stored: (() => Promise<void>)[] = [];
  let values: repo.NewUser;
  if (input.role === 'contractor') {
    const dealer = await repo.findUserById(ctx.db, input.dealerId);
    if (!dealer || dealer.role !== 'dealer' || dealer.status !== 'approved') throw new FieldError('dealerId', m.dealerNotApproved);
    values = {
      ...base,
      status: 'pending',
      companyName: input.companyName,
      licenseNumber: input.licenseNumber,
      contractorType: input.contractorType,
      servicesOffered: input.servicesOffered,
      contractorBN: input.contractorBN ?? null,
      tin: input.TIN ?? null,
      labourWarrantyPeriod: input.labourWarrantyPeriod,
      dealerId: input.dealerId,
    };
  } else if (input.role === 'dealer') {
    // A void cheque carries bank numbers: it is kept private, never under /uploads.
    const image = await storeDataUrl(ctx.privateFiles, input.image, 'image', VOID_CHEQUE_TYPES, m.voidChequeType);
    stored.push(() => ctx.privateFiles.remove(image));
    const logo = input.logo ? await storeDataUrl(ctx.storage, input.logo, 'logo', LOGO_TYPES, m.logoType) : null;
    if (logo) stored.push(() => ctx.storage.remove(logo));
    const d = input.dealerData;
    values = {
      ...base,
      status: 'pending',
      image,
      logo,
      dealerData: {
        billingEmail: d.billingEmail,
        commission: d.commission ?? null,
        coverageRadius: d.coverageRadius,
        manager: d.manager,
        bankingInfo: d.bankingInfo,
      },
    };
  } else {
    values = { ...base, status: 'approved' };
  }

  try {
    const row = await repo.insertUser(ctx.db, { ...values, passwordHash: await hashPassword(input.password), createdAt: ctx.now });
    ctx.log.info({ userId: row.id, role: row.role }, 'registered');
    return userOut(ctx.db, row);
  } catch (err) {
    await Promise.all(stored.map((undo) => undo()));
    if (isUniqueViolation(err)) throw new ConflictError(m.emailTaken, 'email');
    throw err;
  }
}

/** Approved dealers, with the fields anyone may see. */
export async function listPublicDealers(ctx: Ctx): Promise<{ items: PublicDealer[] }> {
  const rows = await repo.listUsers(ctx.db, { role: 'dealer', status: 'approved' });
  return {
    items: rows.map((r) => ({
      id: r.id,
      fullname: r.fullname,
      logo: r.logo,
      address: r.address,
      coverageRadius: r.dealerData?.coverageRadius ?? null,
    })),
  };
}

/** Every dealer with its status and dealer data, bank numbers masked (admins). */
export async function listDealers(ctx: Ctx, query: { status?: UserStatus }): Promise<{ items: UserOut[] }> {
  const rows = await repo.listUsers(ctx.db, { role: 'dealer', status: query.status });
  return {
    items: rows.map((r) => {
      const out = toUserOut(r);
      return { ...out, dealerData: maskBanking(out.dealerData) };
    }),
  };
}

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
  return userOut(ctx.db, decided);
}

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
    return { image: target.image, logo: target.logo };
  });
  await Promise.all([files.image && ctx.privateFiles.remove(files.image), files.logo && ctx.storage.remove(files.logo)]);
  ctx.log.info({ userId, by: me.id }, 'account deleted');
  return { message: 'Deleted' };
}

/** Creates the first admin when there is none; returns the password when it had to make one up. */
export async function ensureFirstAdmin(db: Db, email: string, password: string | undefined) {
  if ((await repo.countUsers(db, { role: 'admin' })) > 0) return { created: false as const };
  const chosen = password ?? newRandomPassword();
  const existing = await repo.findUserByEmail(db, email);
  const passwordHash = await hashPassword(chosen);
  if (existing) {
    await repo.updateUser(db, existing.id, { role: 'admin', status: 'approved', passwordHash, dealerId: null });
  } else {
    await repo.insertUser(db, { email, fullname: 'Administrator', role: 'admin', status: 'approved', passwordHash });
  }
  return { created: true as const, generatedPassword: password ? undefined : chosen };
}

const MIME_BY_EXT: Record<string, string> = { pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg' };

/** A dealer's void cheque, for the dealer itself or an admin; 404 for anyone else. */
export async function readVoidCheque(ctx: Ctx, userId: string) {
  const me = actor(ctx);
  const target = await repo.findUserById(ctx.db, userId);
  if (!target?.image || (me.role !== 'admin' && me.id !== target.id)) throw new NotFoundError(m.userNotFound);
  const bytes = await ctx.privateFiles.read(target.image);
  if (!bytes) throw new NotFoundError(m.userNotFound);
  const ext = target.image.split('.').pop() ?? '';
  return { bytes, type: MIME_BY_EXT[ext] ?? 'application/octet-stream', ext };
}
