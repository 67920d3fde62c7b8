import { z } from 'zod';
import { int, multilineText, secret, text } from '../common/fields.js';
import { LANGUAGES } from '../common/language.js';
import { accountsMessages as m } from './messages.js';
import { DATA_URL_MEDIA_TYPE_MAX_LENGTH, base64Length, dataUrlPayloadLength } from '../common/data-url.js';
import { CONTRACTOR_TYPES, COVERAGE_RADIUS, DEFAULT_CONTRACTOR_TYPE, REGISTER_DATA_URL_MAX_LENGTH, REGISTER_FILE_MAX_BYTES, REGISTER_PHONE_CODES } from './roles.js';
import {
  BankingInfo,
  Manager,
  ServicesOffered,
  addressField,
  commissionField,
  coverageRadiusField,
  emailField,
  fullnameField,
  passwordField,
  phoneField,
  required,
} from './user.schema.js';

/**
 * A base64 data URL of one registration file whose data is no longer than REGISTER_FILE_MAX_BYTES takes
 * (the decoded bytes are checked again); the length is checked before the pattern and the decoded size.
 */
const dataUrl = (requiredMessage: string) =>
  // Several lines: base64 may come in lines, as the pattern allows.
  multilineText({ error: requiredMessage })
    .min(1, { error: requiredMessage, abort: true })
    .max(REGISTER_DATA_URL_MAX_LENGTH, { error: m.fileTooLarge, abort: true })
    .regex(new RegExp(`^data:[\\w.+/-]{1,${DATA_URL_MEDIA_TYPE_MAX_LENGTH}};base64,[A-Za-z0-9+/=\\s]+$`), requiredMessage)
    .refine((v) => dataUrlPayloadLength(v) <= base64Length(REGISTER_FILE_MAX_BYTES), m.fileTooLarge);

const emptyToUndefined = (v: unknown) =>
  v === '' || v === null || (typeof v === 'number' && Number.isNaN(v)) ? undefined : v;

const optionalText = z.preprocess(emptyToUndefined, text().max(100).optional());

const base = {
  fullname: fullnameField,
  email: emailField(),
  password: passwordField,
  /** The language the form was filled in: that of the "application received" mail. */
  locale: z.enum(LANGUAGES).default('en'),
  /** Sent by the old client; ignored: the server decides every status. */
  status: z.unknown().optional(),
};

const withContact = {
  ...base,
  address: addressField,
  phone: phoneField(),
  phoneCode: z.enum(REGISTER_PHONE_CODES).default('+1'),
};

const RegisterDealerDataInput = z.object({
  billingEmail: emailField(m.billingEmailRequired),
  commission: z.preprocess(emptyToUndefined, commissionField.optional()),
  coverageRadius: z.preprocess(emptyToUndefined, coverageRadiusField.default(COVERAGE_RADIUS.default)),
  manager: Manager,
  bankingInfo: BankingInfo,
});

export const RegisterDealerInput = z.object({
  ...withContact,
  role: z.literal('dealer'),
  image: dataUrl(m.voidChequeRequired),
  logo: z.preprocess(emptyToUndefined, dataUrl(m.logoType).optional()),
  dealerData: RegisterDealerDataInput,
});
export type RegisterDealerInput = z.input<typeof RegisterDealerInput>;

export const RegisterContractorInput = z.object({
  ...withContact,
  role: z.literal('contractor'),
  companyName: required(m.companyRequired),
  licenseNumber: required(m.licenseRequired),
  contractorType: z.enum(CONTRACTOR_TYPES).default(DEFAULT_CONTRACTOR_TYPE),
  servicesOffered: ServicesOffered.default({
    consultations: false,
    permitApplications: false,
    systemInstallation: false,
    heatedPavement: false,
    heatedMats: false,
    systemRepairs: false,
    generalMaintenance: false,
  }),
  contractorBN: z.preprocess(
    emptyToUndefined,
    text().toUpperCase().regex(/^\d{9}(RT\d{4})?$/, m.businessNumberInvalid).optional(),
  ),
  TIN: optionalText,
  labourWarrantyPeriod: z.preprocess(
    (v) => {
      const e = emptyToUndefined(v);
      return typeof e === 'string' && /^\d+$/.test(e.trim()) ? Number(e) : e;
    },
    int({ max: 50, message: m.warrantyInvalid, typeMessage: m.warrantyRequired }),
  ),
  dealerId: z.preprocess(emptyToUndefined, z.uuid({ error: m.dealerRequired })),
});
export type RegisterContractorInput = z.input<typeof RegisterContractorInput>;

/** Shoppers and learners: a name, an email and a password; approved at once. */
export const RegisterCustomerInput = z.object({
  ...base,
  role: z.literal('customer'),
  address: z.preprocess(emptyToUndefined, addressField.optional()),
  phone: z.preprocess(emptyToUndefined, phoneField().optional()),
  phoneCode: z.enum(REGISTER_PHONE_CODES).default('+1'),
});
export type RegisterCustomerInput = z.input<typeof RegisterCustomerInput>;

/** Body of POST /api/v1/users. */
export const RegisterInput = z.discriminatedUnion('role', [
  RegisterDealerInput,
  RegisterContractorInput,
  RegisterCustomerInput,
]);
export type RegisterInput = z.output<typeof RegisterInput>;

/**
 * Adds the confirmation field that the web forms ask for ("Passwords do not match"). The match is checked
 * in its own operand: a refine on the form object would be skipped while any `required` field (which
 * aborts) is still empty, and the mismatch would only appear once everything else is filled in.
 */
export const withPasswordConfirmation = <T extends z.ZodObject>(schema: T) =>
  z.intersection(
    schema,
    z
      .object({ password: secret({ error: m.passwordRequired }), confirmPassword: secret() })
      .refine((v) => v.password === v.confirmPassword, {
        error: m.passwordsDoNotMatch,
        path: ['confirmPassword'],
        when: bothPasswordsGiven('password'),
      }),
  );

/** Lets a mismatch show even while other fields of the form are still wrong. */
export const bothPasswordsGiven =
  (field: string) =>
  (payload: { value: unknown }): boolean => {
    const v = payload.value as Record<string, unknown> | undefined;
    return typeof v?.[field] === 'string' && typeof v?.confirmPassword === 'string';
  };
