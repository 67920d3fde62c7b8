import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { DesignInput, DesignResult } from '@meltway/shared/design/design.schema';
import { users } from './accounts.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A saved layout-generator project: what the user entered, and the result computed when it was last
 * saved (against the catalogue of that moment), plus the figures its list shows.
 */
export const designs = pgTable(
  'designs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status').notNull().default('designed'),
    /** A contractor's project its dealer may see. */
    shared: boolean('shared').notNull().default(false),
    /** For the permit pack: where the system is installed, who owns the site, who installs it. Blank until typed. */
    siteAddress: text('site_address').notNull().default(''),
    siteOwner: text('site_owner').notNull().default(''),
    installerCompany: text('installer_company').notNull().default(''),
    installerLicence: text('installer_licence').notNull().default(''),
    input: jsonb('input').$type<DesignInput>().notNull(),
    result: jsonb('result').$type<DesignResult>().notNull(),
    areaM2: numeric('area_m2', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    watts: integer('watts').notNull(),
    priceCents: integer('price_cents').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('designs_status_known', sql`${t.status} in ('designed', 'ordered', 'installed', 'inspected')`),
    index('designs_owner_updated_idx').on(t.ownerId, t.updatedAt, t.id),
    index('designs_updated_idx').on(t.updatedAt, t.id),
  ],
);

/** An installer's test of one mat or cable (`unit`, as `A1-M2`) before or after the pour; a new test of the same unit and phase replaces it. */
export const designReadings = pgTable(
  'design_readings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    designId: uuid('design_id')
      .notNull()
      .references(() => designs.id, { onDelete: 'cascade' }),
    unit: text('unit').notNull(),
    phase: text('phase').notNull(),
    insulationMOhm: numeric('insulation_mohm', { precision: 14, scale: 3, mode: 'number' }).notNull(),
    continuityOhm: numeric('continuity_ohm', { precision: 14, scale: 3, mode: 'number' }).notNull(),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: createdAt(),
  },
  (t) => [
    check('design_readings_phase_known', sql`${t.phase} in ('before', 'after')`),
    unique('design_readings_unit_phase_key').on(t.designId, t.unit, t.phase),
  ],
);

/** A site photo of the installation, stored under /uploads. */
export const designPhotos = pgTable(
  'design_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    designId: uuid('design_id')
      .notNull()
      .references(() => designs.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('design_photos_design_idx').on(t.designId, t.createdAt)],
);
