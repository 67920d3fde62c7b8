import { z } from 'zod';
import { PageQuery, searchText } from '../common/paging.js';
import { accountsMessages as m } from './messages.js';
import { CONTRACTOR_TYPES, COVERAGE_RADIUS, DEALER_PHONE_CODES, USER_STATUSES } from './roles.js';
import {
  BankingInfo,
  Manager,
  UserOut,
  addressField,
  commissionField,
  coverageRadiusField,
  requiredSecret,
  emailField,
  phoneField,
  required,
} from './user.schema.js';

export const SORT_ORDERS = ['asc', 'desc'] as const;

const CONTRACTOR_SORTS = ['fullname', 'companyName', 'licenseNumber', 'contractorType', 'status', 'created_at'] as const;

/** GET /api/v1/users/contractors: paged, filtered and sorted on the server. */
export const ContractorListQuery = PageQuery.extend({
  q: searchText(),
  status: z.enum(USER_STATUSES).optional(),
  contractorType: z.enum(CONTRACTOR_TYPES).optional(),
  dealerId: z.uuid().optional(),
  sort: z.enum(CONTRACTOR_SORTS).default('created_at'),
  order: z.enum(SORT_ORDERS).default('desc'),
});
export type ContractorListQuery = z.input<typeof ContractorListQuery>;

/** A row of the contractor list: the contractor, and whether it is a certified installer (a current academy certificate). */
export const ContractorListItem = UserOut.extend({ certified: z.boolean() });
export type ContractorListItem = z.infer<typeof ContractorListItem>;
export const ContractorList = z.object({ items: z.array(ContractorListItem), total: z.number().int() });

/** Step 1 of the Add Dealer wizard. */
export const AddDealerDetails = z.object({
  fullname: required(m.dealerNameRequired),
  email: emailField(),
  billingEmail: emailField(m.billingEmailRequired),
  address: addressField,
  commission: z.preprocess((v) => (v === '' || v == null ? undefined : v), commissionField),
  phoneCode: z.enum(DEALER_PHONE_CODES).default('+01'),
  phone: phoneField(),
  coverageRadius: coverageRadiusField.default(COVERAGE_RADIUS.default),
  password: requiredSecret(m.passwordRequired).min(8, m.passwordMin),
});
/** Step 2. */
export const AddDealerManager = z.object({ manager: Manager });
/** Step 3. */
const AddDealerBanking = z.object({ bankingInfo: BankingInfo });

/** POST /api/v1/users/dealers: a dealer created by an admin, approved at once. */
export const AddDealerInput = AddDealerDetails.extend(AddDealerManager.shape).extend(AddDealerBanking.shape);
export type AddDealerInput = z.input<typeof AddDealerInput>;

export const InviteAdminInput = z.object({
  fullname: required(m.nameRequired).min(3, m.nameMin),
  email: emailField(),
});
export type InviteAdminInput = z.input<typeof InviteAdminInput>;

export const AdminList = z.object({ items: z.array(UserOut) });
