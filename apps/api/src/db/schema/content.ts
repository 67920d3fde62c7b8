import { index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const helpArticles = pgTable(
  'help_articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The name lowercased, spaces to hyphens (SPEC.md); unique so /help/:slug finds one article. */
    slug: text('slug').notNull().unique(),
    description: text('description').notNull(),
    /** French title and text; null: the English ones serve on French pages too. The slug stays the English title's. */
    nameFr: text('name_fr'),
    descriptionFr: text('description_fr'),
    image: text('image'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('help_articles_created_idx').on(t.createdAt, t.id)],
);

/** Slugs an article had before: /help/<old slug> redirects to its present one, so no link once given breaks. */
export const helpArticleSlugs = pgTable(
  'help_article_slugs',
  {
    slug: text('slug').primaryKey(),
    articleId: uuid('article_id')
      .notNull()
      .references(() => helpArticles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('help_article_slugs_article_idx').on(t.articleId)],
);

export const faqs = pgTable(
  'faqs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The question. */
    name: text('name').notNull(),
    /** The answer. */
    description: text('description').notNull(),
    /** French question and answer; null: the English ones serve on French pages too. */
    nameFr: text('name_fr'),
    descriptionFr: text('description_fr'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('faqs_created_idx').on(t.createdAt, t.id)],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject'),
    message: text('message').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

export const newsletterStatus = pgEnum('newsletter_status', ['pending', 'confirmed', 'unsubscribed']);
export const newsletterTokenPurpose = pgEnum('newsletter_token_purpose', ['confirm', 'unsubscribe']);

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    status: newsletterStatus('status').notNull().default('pending'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('newsletter_subscriptions_status_idx').on(t.status, t.confirmedAt)],
);

/**
 * Confirmation and unsubscribe links. Each mail gets a fresh unsubscribe token, so every mail ever
 * sent keeps a working link while only hashes are stored.
 */
export const newsletterTokens = pgTable(
  'newsletter_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => newsletterSubscriptions.id, { onDelete: 'cascade' }),
    purpose: newsletterTokenPurpose('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('newsletter_tokens_subscription_idx').on(t.subscriptionId)],
);
