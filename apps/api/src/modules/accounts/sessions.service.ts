import { randomUUID } from 'node:crypto';
import type { LoginInput, LoginOut, RefreshInput, Tokens } from '@meltway/shared/accounts/auth.schema';
import { REFRESH_TOKEN_TTL_DAYS } from '@meltway/shared/accounts/auth.schema';
import { accountsMessages as m } from '@meltway/shared/accounts/messages';
import type { UserOut } from '@meltway/shared/accounts/user.schema';
import type { Db } from '../../db/client.js';
import type { CacheVersions } from '../../lib/cache-versions.js';
import { actor, type Ctx, type SessionUser } from '../../lib/ctx.js';
import { ForbiddenError, NotFoundError, TooManyRequestsError, UnauthorizedError } from '../../lib/errors.js';
import type { AccessTokens } from '../../lib/jwt.js';
import { enforceLimit } from '../../lib/limiter.js';
import { cachePerDatabase } from '../../lib/ttl-cache.js';
import { verifyPassword } from '../../lib/passwords.js';
import { hashToken, newSecretToken } from '../../lib/random.js';
import * as tokensRepo from './sessions.repo.js';
import { userOut } from './user-presenter.js';
import * as repo from './users.repo.js';
import type { UserRow } from './users.repo.js';

/**
 * What the bearer check reads of a user, keyed on the users version: any committed write to users (a
 * deletion, a deactivation, a password reset), by any process, changes the key, so a process refuses
 * the token at most one poll of the versions later (250 ms by default).
 */
const sessionUsers = cachePerDatabase<Awaited<ReturnType<typeof repo.findSessionUser>> | null>('session-users', 30_000, 10_000);

/**
 * Whether a token's sign-in is live, keyed on the sessions version, which only a revocation bumps: a
 * logout or a replayed refresh token, by any process, ends the sign-in's access tokens within one poll.
 */
const liveSignIns = cachePerDatabase<boolean>('live-sign-ins', 30_000, 10_000);

/** The user behind a bearer token, if the token is valid, its sign-in not ended and the account may still act. */
export async function authenticate(db: Db, versions: CacheVersions, tokens: AccessTokens, token: string): Promise<SessionUser | null> {
  const claims = await tokens.verify(token);
  if (!claims) return null;
  const [user, live] = await Promise.all([
    sessionUsers(db).getOr(`${versions.version('users')}:${claims.sub}`, async () => (await repo.findSessionUser(db, claims.sub)) ?? null),
    liveSignIns(db).getOr(`${versions.version('sessions')}:${claims.sid}`, () => tokensRepo.isFamilyLive(db, claims.sid)),
  ]);
  if (!live || !user || user.status !== 'approved' || user.tokenVersion !== claims.ver) return null;
  return { id: user.id, role: user.role, fullname: user.fullname, email: user.email };
}

async function issueTokens(ctx: Ctx, user: UserRow, familyId: string = randomUUID()): Promise<Tokens> {
  const refresh = newSecretToken();
  await tokensRepo.insertRefreshToken(ctx.db, {
    userId: user.id,
    familyId,
    tokenHash: hashToken(refresh),
    expiresAt: new Date(ctx.now.getTime() + REFRESH_TOKEN_TTL_DAYS * 86_400_000),
    createdAt: ctx.now,
  });
  const access = await ctx.tokens.sign({ sub: user.id, role: user.role, ver: user.tokenVersion, sid: familyId }, ctx.now);
  return { access_token: access, refresh_token: refresh };
}

/**
 * Signs in with email and password; the same 401 for an unknown email and a wrong password.
 *
 * Failures are counted per account and client address, so that someone guessing locks out their own
 * address, not the owner; and per account across all addresses, a ceiling that keeps a guesser with
 * many addresses as slow as the rules allow. Both are counted before the password is checked, so that
 * parallel guesses cannot all pass a peek, and taken back when it is right.
 */
export async function login(ctx: Ctx, input: LoginInput): Promise<LoginOut> {
  await enforceLimit(ctx.limiter, `login:ip:${ctx.ip}`, ctx.limits.loginPerIp, m.tooManyAttempts);
  const { failedLoginsPerAddress: perAddress, failedLoginsPerAccount: perAccount } = ctx.limits;
  const addressKey = `login:fail:${input.email}:${ctx.ip}`;
  const accountKey = `login:fail-any:${input.email}`;
  const fromAddress = await ctx.limiter.hit(addressKey, perAddress.windowSeconds);
  // A locked address spends nothing of the account's ceiling.
  if (fromAddress.count > perAddress.max) throw new TooManyRequestsError(m.tooManyAttempts, fromAddress.resetInSeconds);
  const fromAll = await ctx.limiter.hit(accountKey, perAccount.windowSeconds);
  if (fromAll.count > perAccount.max) {
    // Refused before any password was tried: not a failure of this address.
    await ctx.limiter.release(addressKey);
    throw new TooManyRequestsError(m.tooManyAttempts, fromAll.resetInSeconds);
  }

  const user = await repo.findUserByEmail(ctx.db, input.email);
  const ok = await verifyPassword(input.password, user?.passwordHash);
  if (!user || !ok) throw new UnauthorizedError(m.invalidCredentials);
  // The right password: this address starts again, and the owner's sign-in costs the ceiling nothing.
  await Promise.all([ctx.limiter.reset(addressKey), ctx.limiter.release(accountKey)]);
  if (user.status === 'pending') throw new ForbiddenError(m.accountPending);
  if (user.status === 'inactive') throw new ForbiddenError(m.accountInactive);
  const tokens = await issueTokens(ctx, user);
  ctx.log.info({ userId: user.id }, 'signed in');
  return { ...(await userOut(ctx, user)), ...tokens };
}

/** Rotates a refresh token; replaying a used one revokes every token of that sign-in. */
export async function refresh(ctx: Ctx, input: RefreshInput): Promise<Tokens> {
  await enforceLimit(ctx.limiter, `refresh:ip:${ctx.ip}`, ctx.limits.refreshPerIp, m.tooManyAttempts);
  const hash = hashToken(input.refresh_token);
  const tokens = await ctx.db.transaction(async (tx) => {
    const used = await tokensRepo.consumeRefreshToken(tx, hash, ctx.now);
    if (!used) return null;
    const user = await repo.findUserById(tx, used.userId);
    if (!user || user.status !== 'approved') throw new UnauthorizedError(m.refreshInvalid);
    return issueTokens({ ...ctx, db: tx }, user, used.familyId);
  });
  if (tokens) return tokens;
  // Outside the transaction: a revocation made inside it would be rolled back by the 401 thrown below.
  const known = await tokensRepo.findRefreshToken(ctx.db, hash);
  if (known?.usedAt && !known.revokedAt) {
    await tokensRepo.revokeRefreshFamily(ctx.db, known.familyId, ctx.now);
    ctx.log.warn({ userId: known.userId, familyId: known.familyId }, 'refresh token replayed: family revoked');
  }
  throw new UnauthorizedError(m.refreshInvalid);
}

/** Ends the sign-in that the refresh token belongs to: its refresh tokens, and its access tokens with them. */
export async function logout(ctx: Ctx, refreshToken: string | undefined) {
  if (refreshToken) {
    const known = await tokensRepo.findRefreshToken(ctx.db, hashToken(refreshToken));
    if (known) await tokensRepo.revokeRefreshFamily(ctx.db, known.familyId, ctx.now);
  }
  return { message: m.loggedOut };
}

/** The signed-in user. */
export async function me(ctx: Ctx): Promise<UserOut> {
  const user = await repo.findUserById(ctx.db, actor(ctx).id);
  if (!user) throw new NotFoundError(m.userNotFound);
  return userOut(ctx, user);
}
