import type { ContactInput } from '@meltway/shared/content/contact.schema';
import type { FaqInput, FaqOut, FaqUpdate } from '@meltway/shared/content/faq.schema';
import { helpSlug, numberedHelpSlug, type ContentListQuery, type HelpArticleInput, type HelpArticleOut, type HelpArticleUpdate } from '@meltway/shared/content/help.schema';
import { contentMessages as m } from '@meltway/shared/content/messages';
import type { z } from 'zod';
import type { Ctx } from '../../lib/ctx.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { enforceLimit } from '../../lib/limiter.js';
import type { UploadedFile } from '../../lib/files.js';
import { removeFiles, withStoredFile } from '../../lib/stored-files.js';
import { enqueueMail } from '../../lib/outbox.js';
import * as repo from './content.repo.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const toArticleOut = (a: repo.HelpArticleRow): HelpArticleOut => ({
  id: a.id,
  name: a.name,
  nameFr: a.nameFr,
  slug: a.slug,
  description: a.description,
  descriptionFr: a.descriptionFr,
  image: a.image,
  created_at: a.createdAt.toISOString(),
  updated_at: a.updatedAt.toISOString(),
});

const toFaqOut = (f: repo.FaqRow): FaqOut => ({
  id: f.id,
  name: f.name,
  nameFr: f.nameFr,
  description: f.description,
  descriptionFr: f.descriptionFr,
  created_at: f.createdAt.toISOString(),
  updated_at: f.updatedAt.toISOString(),
});

const titleTaken = (err: unknown): never => {
  if (uniqueViolation(err) !== undefined) throw new ConflictError(m.helpTitleTaken, 'title');
  throw err;
};

/** Help articles as SPEC.md's array; optional paging and search. */
export async function listHelpArticles(ctx: Ctx, query: z.output<typeof ContentListQuery>) {
  return (await repo.listHelpArticles(ctx.db, query)).map(toArticleOut);
}

/**
 * One article by id or by slug (what /help/:slug opens directly). A former slug, or an address that comes to a
 * slug once folded by the slug rule ("Running Costs"), gives `{ movedTo }`: the route answers a 301 to it.
 */
export async function getHelpArticle(ctx: Ctx, idOrSlug: string): Promise<HelpArticleOut | { movedTo: string }> {
  const found = UUID.test(idOrSlug) ? await repo.findHelpArticle(ctx.db, { id: idOrSlug }) : await repo.findHelpArticle(ctx.db, { slug: idOrSlug });
  if (found) return toArticleOut(found);
  const former = await repo.formerHelpSlug(ctx.db, idOrSlug);
  if (former) return { movedTo: former };
  const folded = helpSlug(idOrSlug);
  if (folded !== idOrSlug && (await repo.findHelpArticle(ctx.db, { slug: folded }))) return { movedTo: folded };
  throw new NotFoundError(m.helpNotFound);
}

/** The first of "slug", "slug-2", "slug-3" ... that no article has, now or formerly. */
async function freeHelpSlug(ctx: Ctx, name: string) {
  const base = helpSlug(name);
  for (let n = 1; ; n++) {
    const slug = numberedHelpSlug(base, n);
    if (!(await repo.helpSlugTaken(ctx.db, slug))) return slug;
  }
}

/**
 * Creates an article; its slug comes from its title by the slug rule (packages/shared), numbered when another
 * article has it. Two made at once under one name: the later one takes the next number.
 */
export async function createHelpArticle(ctx: Ctx, input: z.output<typeof HelpArticleInput>, image?: UploadedFile) {
  const row = await withStoredFile(ctx.storage, image, 'help', async (path) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await repo.insertHelpArticle(ctx.db, { ...input, slug: await freeHelpSlug(ctx, input.name), image: path ?? null });
      } catch (err) {
        if (attempt >= 5) titleTaken(err);
        if (uniqueViolation(err) === undefined) throw err;
      }
    }
  });
  return toArticleOut(row);
}

/** Changes the fields sent; the slug stays (links once given keep working), a new image replaces the old one. */
export async function updateHelpArticle(ctx: Ctx, id: string, input: z.output<typeof HelpArticleUpdate>, image?: UploadedFile) {
  const before = await repo.findHelpArticle(ctx.db, { id });
  if (!before) throw new NotFoundError(m.helpNotFound);
  const row = await withStoredFile(ctx.storage, image, 'help', (path) => repo.updateHelpArticle(ctx.db, id, { ...input, ...(path ? { image: path } : {}) }));
  if (image) await removeFiles(ctx.storage, [before.image]);
  return toArticleOut(row!);
}

/** Deletes an article and its image. */
export async function deleteHelpArticle(ctx: Ctx, id: string) {
  const row = await repo.deleteHelpArticle(ctx.db, id);
  if (!row) throw new NotFoundError(m.helpNotFound);
  await removeFiles(ctx.storage, [row.image]);
  return { message: m.deleted };
}

/** FAQs as SPEC.md's array; optional paging and search in questions and answers. */
export async function listFaqs(ctx: Ctx, query: z.output<typeof ContentListQuery>) {
  return (await repo.listFaqs(ctx.db, query)).map(toFaqOut);
}

/** Creates a FAQ (name = question, description = answer). */
export async function createFaq(ctx: Ctx, input: z.output<typeof FaqInput>) {
  return toFaqOut(await repo.insertFaq(ctx.db, input));
}

/** Changes the fields sent. */
export async function updateFaq(ctx: Ctx, id: string, input: z.output<typeof FaqUpdate>) {
  const row = await repo.updateFaq(ctx.db, id, input);
  if (!row) throw new NotFoundError(m.faqNotFound);
  return toFaqOut(row);
}

/** Deletes a FAQ. */
export async function deleteFaq(ctx: Ctx, id: string) {
  if (!(await repo.deleteFaq(ctx.db, id))) throw new NotFoundError(m.faqNotFound);
  return { message: m.deleted };
}

/** Stores a message to support and mails it to the support address, replying to the sender. */
export async function sendContactMessage(ctx: Ctx, input: z.output<typeof ContactInput>) {
  await enforceLimit(ctx.limiter, `contact:ip:${ctx.ip}`, ctx.limits.contactPerIp, m.tooManyMessages);
  // The message and its mail are kept together: a mail server that is down delays the mail, never loses it.
  const row = await ctx.db.transaction(async (tx) => {
    const msg = await repo.insertContactMessage(tx, { ...input, subject: input.subject || null, ip: ctx.ip, createdAt: ctx.now });
    await enqueueMail(tx, {
      to: ctx.config.supportEmail,
      replyTo: `${input.name.replace(/[\r\n"<>]/g, ' ')} <${input.email}>`,
      subject: `[Contact] ${input.subject || `Message from ${input.name}`}`.replace(/[\r\n]+/g, ' ').slice(0, 200),
      text: `${input.message}\n\n--\nFrom: ${input.name} <${input.email}>\nReceived: ${ctx.now.toISOString()}\nReference: ${msg.id}\n`,
    });
    return msg;
  });
  ctx.log.info({ contactMessageId: row.id }, 'contact message received');
  return { message: m.contactSent };
}
