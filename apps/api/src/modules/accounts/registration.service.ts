import { accountsMessages as m } from '@meltway/shared/accounts/messages';
import type { RegisterInput } from '@meltway/shared/accounts/register.schema';
import { LOGO_TYPES, REGISTER_FILE_MAX_BYTES, VOID_CHEQUE_TYPES, type Role } from '@meltway/shared/accounts/roles';
import type { UserOut } from '@meltway/shared/accounts/user.schema';
import type { Language } from '@meltway/shared/common/language';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../lib/ctx.js';
import { enqueueMail } from '../../lib/outbox.js';
import type { Storage } from '../../lib/storage.js';
import { ConflictError, FieldError } from '../../lib/errors.js';
import { checkFile, decodeDataUrl } from '../../lib/files.js';
import { enforceLimit } from '../../lib/limiter.js';
import { hashPassword } from '../../lib/passwords.js';
import { applicationNoticeMail, applicationReceivedMail } from './registration-mails.js';
import { userOut } from './user-presenter.js';
import * as repo from './users.repo.js';

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

async function storeDataUrl(storage: Storage, dataUrl: string, field: string, allowed: readonly string[], typeMessage: string) {
  const bytes = decodeDataUrl(dataUrl, field, typeMessage);
  const file = await checkFile(bytes, { allowed, maxBytes: REGISTER_FILE_MAX_BYTES, field, typeMessage, sizeMessage: m.fileTooLarge });
  return storage.save(file.bytes, { folder: field === 'logo' ? 'logos' : 'documents', ext: file.ext });
}

/**
 * A dealer's or contractor's application is acknowledged to the applicant, and announced to every
 * active admin and, for a contractor, to the dealer it chose: each with the link where it is decided.
 */
async function queueApplicationMails(db: Db, publicUrl: string, user: repo.UserRow, locale: Language) {
  const applicant = { id: user.id, email: user.email, fullname: user.fullname, role: user.role, companyName: user.companyName };
  await enqueueMail(db, applicationReceivedMail(applicant, locale, publicUrl));
  const deciders = await repo.listUsers(db, { role: 'admin', status: 'approved' });
  if (user.role === 'contractor' && user.dealerId) {
    const dealer = await repo.findUserById(db, user.dealerId);
    if (dealer) deciders.push(dealer);
  }
  for (const to of deciders) await enqueueMail(db, applicationNoticeMail(to, applicant, publicUrl));
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
    const voidCheque = await storeDataUrl(ctx.privateFiles, input.image, 'image', VOID_CHEQUE_TYPES, m.voidChequeType);
    stored.push(() => ctx.privateFiles.remove(voidCheque));
    const logo = input.logo ? await storeDataUrl(ctx.storage, input.logo, 'logo', LOGO_TYPES, m.logoType) : null;
    if (logo) stored.push(() => ctx.storage.remove(logo));
    const d = input.dealerData;
    values = {
      ...base,
      status: 'pending',
      voidCheque,
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
    const passwordHash = await hashPassword(input.password);
    // The account and the mails about it are kept together: a mail server that is down delays them, never loses them.
    const row = await ctx.db.transaction(async (tx) => {
      const user = await repo.insertUser(tx, { ...values, passwordHash, createdAt: ctx.now });
      if (user.role === 'dealer' || user.role === 'contractor') await queueApplicationMails(tx, ctx.config.publicUrl, user, input.locale);
      return user;
    });
    ctx.log.info({ userId: row.id, role: row.role }, 'registered');
    return userOut(ctx, row);
  } catch (err) {
    await Promise.all(stored.map((undo) => undo()));
    if (isUniqueViolation(err)) throw new ConflictError(m.emailTaken, 'email');
    throw err;
  }
}
