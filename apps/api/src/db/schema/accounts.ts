import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { DealerData, ServicesOffered } from '@meltway/shared/accounts/user.schema';
import { CONTRACTOR_TYPES, ROLES, USER_STATUSES } from '@meltway/shared/accounts/roles';

export const userRole = pgEnum('user_role', ROLES);
export const userStatus = pgEnum('user_status', USER_STATUSES);
export const contractorType = pgEnum('contractor_type', CONTRACTOR_TYPES);
export const passwordTokenPurpose = pgEnum('password_token_purpose', ['reset', 'invite']);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash'),
    fullname: text('fullname').notNull(),
    /** The name as French pages write it, when someone gave one (a learner added from Students); `fullname` otherwise. */
    fullnameFr: text('fullname_fr'),
    role: userRole('role').notNull(),
    status: userStatus('status').notNull(),
    address: text('address'),
    phone: text('phone'),
    phoneCode: text('phone_code'),
    /** The avatar the user uploaded (a public image); null: the initials stand in. Never a bank document. */
    image: text('image'),
    /** Dealers: the void cheque (PDF or image), a private file read only by the dealer and admins. */
    voidCheque: text('void_cheque'),
    logo: text('logo'),
    dealerData: jsonb('dealer_data').$type<DealerData>(),
    companyName: text('company_name'),
    licenseNumber: text('license_number'),
    contractorType: contractorType('contractor_type'),
    servicesOffered: jsonb('services_offered').$type<ServicesOffered>(),
    contractorBN: text('contractor_bn'),
    tin: text('tin'),
    labourWarrantyPeriod: integer('labour_warranty_period'),
    dealerId: uuid('dealer_id').references((): AnyPgColumn => users.id, { onDelete: 'restrict' }),
    /** Bumped to end every session at once (password reset, deactivation). */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('users_role_status_created_idx').on(t.role, t.status, t.createdAt),
    index('users_role_created_idx').on(t.role, t.createdAt, t.id),
    index('users_dealer_created_idx').on(t.dealerId, t.createdAt),
    check('users_contractor_has_dealer', sql`${t.role} <> 'contractor' OR ${t.dealerId} IS NOT NULL`),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Every token rotated from one sign-in shares a family; replaying a used one revokes the family. */
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: passwordTokenPurpose('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_tokens_user_created_idx').on(t.userId, t.createdAt)],
);
