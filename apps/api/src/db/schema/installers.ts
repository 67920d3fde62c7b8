import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ProductFamily } from '@meltway/shared/catalogue/limits';
import { users } from './accounts.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A contractor's installer profile, one per contractor: where it works (a base postal code and a radius) and what.
 * The base's FSA centroid is copied on save, so the search pre-filters on the latitude/longitude index in SQL.
 */
export const installerProfiles = pgTable(
  'installer_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractorId: uuid('contractor_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyName: text('company_name').notNull(),
    descriptionEn: text('description_en').notNull(),
    /** Null: the English description serves on French pages. */
    descriptionFr: text('description_fr'),
    /** As given, in its written form (`K1A 0B1`). */
    postalCode: text('postal_code').notNull(),
    /** The postal code's first three characters, whose centroid `latitude`/`longitude` are. */
    fsa: text('fsa').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    radiusKm: integer('radius_km').notNull(),
    /** The families it works in; empty: all those its certifications qualify for. */
    productFamilies: jsonb('product_families').$type<ProductFamily[]>().notNull().default([]),
    /** New jobs a month it takes on. Leads do not exist yet, so nothing counts against it so far. */
    capacityPerMonth: integer('capacity_per_month').notNull(),
    visible: boolean('visible').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('installer_profiles_location_idx').on(t.latitude, t.longitude),
    check('installer_profiles_radius_range', sql`${t.radiusKm} BETWEEN 10 AND 300`),
    check('installer_profiles_capacity_positive', sql`${t.capacityPerMonth} >= 1`),
  ],
);
