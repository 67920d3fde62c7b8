import { z } from 'zod';
import { coercedInt, phoneNumber, secret, text } from '../common/fields.js';
import { accountsMessages as m } from './messages.js';
import type {
  CONTRACTOR_SERVICES} from './roles.js';
import {
  CONTRACTOR_TYPES,
  COVERAGE_RADIUS,
  ROLES,
  USER_STATUSES,
} from './roles.js';

/** A required line of text: an empty value aborts the field's other checks. */
export const required = (message: string) => text({ error: message }).min(1, { error: message, abort: true });

export const emailField = (requiredMessage: string = m.emailRequired) =>
  required(requiredMessage).pipe(z.email({ error: m.emailInvalid })).transform((s) => s.toLowerCase());

/** A required password as typed: never trimmed, so the one chosen is the one sign-in compares. */
export const requiredSecret = (message: string) => secret({ error: message }).min(1, { error: message, abort: true });

export const passwordField = requiredSecret(m.passwordRequired)
  .min(8, m.passwordMin)
  .regex(/[A-Z]/, m.passwordUpper)
  .regex(/[a-z]/, m.passwordLower)
  .regex(/[0-9]/, m.passwordNumber);

/** A user's phone (its country code is a field of its own): typed with separators or not, kept as digits. */
export const phoneField = (requiredMessage: string = m.phoneRequired) => phoneNumber({ required: requiredMessage, digits: m.phoneDigits, min: m.phoneMin });

export const fullnameField = required(m.nameRequired).min(3, m.nameMin);
export const addressField = required(m.addressRequired).min(10, m.addressMin);

export const Manager = z.object({
  name: required(m.managerNameRequired),
  email: emailField(m.managerEmailRequired),
  phone: phoneField(m.managerPhoneRequired),
});

export const BankingInfo = z.object({
  accountHolderName: required(m.accountHolderRequired),
  transitNumber: required(m.transitRequired).regex(/^\d{5}$/, m.transitInvalid),
  institutionNumber: required(m.institutionRequired).regex(/^\d{3}$/, m.institutionInvalid),
  accountNumber: required(m.accountNumberRequired).regex(/^\d{7,12}$/, m.accountNumberInvalid),
});

export const commissionField = z.coerce
  .number({ error: m.commissionInvalid })
  .min(0, m.commissionInvalid)
  .max(100, m.commissionInvalid);

export const coverageRadiusField = coercedInt({ min: COVERAGE_RADIUS.min, max: COVERAGE_RADIUS.max, message: m.coverageRadiusInvalid });

/** Dealer data as stored and as returned to the dealer itself and to admins. */
export const DealerData = z.object({
  billingEmail: z.string(),
  commission: z.number().nullable(),
  coverageRadius: z.number(),
  manager: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  bankingInfo: z.object({
    accountHolderName: z.string(),
    transitNumber: z.string(),
    institutionNumber: z.string(),
    accountNumber: z.string(),
  }),
});
export type DealerData = z.infer<typeof DealerData>;

const flag = z.boolean().default(false);
/** The seven services a contractor may offer, as named in CONTRACTOR_SERVICES. */
export const ServicesOffered = z.object({
  consultations: flag,
  permitApplications: flag,
  systemInstallation: flag,
  heatedPavement: flag,
  heatedMats: flag,
  systemRepairs: flag,
  generalMaintenance: flag,
} satisfies Record<(typeof CONTRACTOR_SERVICES)[number], typeof flag>);
export type ServicesOffered = z.infer<typeof ServicesOffered>;

const ContractorData = z.object({
  companyName: z.string(),
  licenseNumber: z.string(),
  contractorType: z.enum(CONTRACTOR_TYPES),
  servicesOffered: ServicesOffered,
  contractorBN: z.string().nullable(),
  TIN: z.string().nullable(),
  labourWarrantyPeriod: z.number().int(),
  dealerId: z.uuid(),
  dealerName: z.string().nullable(),
});
type ContractorData = z.infer<typeof ContractorData>;

/** A user as the API returns it: never a password hash or a token. */
export const UserOut = z.object({
  id: z.uuid(),
  fullname: z.string(),
  email: z.string(),
  /** The avatar the user uploaded; null: the initials stand in. Never a bank document. */
  image: z.string().nullable(),
  /** A dealer's void cheque, where the dealer itself or an admin reads it (`/api/v1/users/:id/void-cheque`); null otherwise. */
  voidCheque: z.string().nullable(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  phoneCode: z.string().nullable(),
  logo: z.string().nullable(),
  created_at: z.string(),
  dealerData: DealerData.nullable(),
  contractorData: ContractorData.nullable(),
});
export type UserOut = z.infer<typeof UserOut>;

export const UserIdParams = z.object({ id: z.uuid({ error: 'Invalid id' }) });
