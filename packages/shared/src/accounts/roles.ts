import { dataUrlMaxLength } from '../common/data-url.js';

export const ROLES = ['admin', 'dealer', 'contractor', 'customer'] as const;
export type Role = (typeof ROLES)[number];

export const USER_STATUSES = ['pending', 'approved', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const REGISTER_PHONE_CODES = ['+1', '+44', '+961', '+971'] as const;
export const DEALER_PHONE_CODES = ['+01', '+961', '+44'] as const;

export const CONTRACTOR_TYPES = [
  'Landscape Contractor',
  'Electrical Contractor',
  'General Contractor',
] as const;
export type ContractorType = (typeof CONTRACTOR_TYPES)[number];
export const DEFAULT_CONTRACTOR_TYPE: ContractorType = 'Landscape Contractor';

export const CONTRACTOR_SERVICES = [
  'consultations',
  'permitApplications',
  'systemInstallation',
  'heatedPavement',
  'heatedMats',
  'systemRepairs',
  'generalMaintenance',
] as const;

export const COVERAGE_RADIUS = { min: 0, max: 100, step: 1, default: 50 } as const;

/** Upload limits for files sent as base64 at registration. */
export const REGISTER_FILE_MAX_BYTES = 5 * 1024 * 1024;
/** Longest data URL of one registration file: what REGISTER_FILE_MAX_BYTES takes in base64, and no more. */
export const REGISTER_DATA_URL_MAX_LENGTH = dataUrlMaxLength(REGISTER_FILE_MAX_BYTES);
export const VOID_CHEQUE_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const LOGO_TYPES = ['image/jpeg', 'image/png'] as const;
