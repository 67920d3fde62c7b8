import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentMessages as m } from '@meltway/shared/content/messages';
import { contactMessages, helpArticleSlugs } from '../../db/schema/content.js';
import { actorOf, createTestApp, MISSING, requester, type Session, type TestApp } from '../../test/harness.js';
import { form, PNG } from '../../test/catalogue-fixtures.js';

describe('help centre, FAQ and contact', () => {
  let t: TestApp;
  let admin: Session, dealer: Session;

  beforeAll(async () => {
    t = await createTestApp({ limits: { contactPerIp: { max: 3, windowSeconds: 60 } } });
    admin = await actorOf(t, 'admin');
    dealer = await actorOf(t, 'dealer');
  });
  afterAll(() => t.close());

  const req = requester(() => t);

  describe('help articles', () => {
    it('creates an article from multipart with its slug and image; admins only', async () => {
      const res = await req('POST', '/api/v1/helpcenter', admin, form({ name: 'Installing a Snowmelt Mat', description: 'Lay the mat flat.' }, [['image', 'mat.png', PNG]]));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ name: 'Installing a Snowmelt Mat', slug: 'installing-a-snowmelt-mat', description: 'Lay the mat flat.' });
      expect(res.json().image).toMatch(/^\/uploads\/help\/.+\.png$/);
      expect((await req('POST', '/api/v1/helpcenter', undefined, form({ name: 'A', description: 'B' }))).statusCode).toBe(401);
      expect((await req('POST', '/api/v1/helpcenter', dealer, form({ name: 'A', description: 'B' }))).statusCode).toBe(403);
      const dup = await req('POST', '/api/v1/helpcenter', admin, form({ name: 'installing a  snowmelt mat', description: 'Again' }));
      expect(dup.statusCode).toBe(201);
      expect(dup.json().slug).toBe('installing-a-snowmelt-mat-2');
    });

    it('requires a title and a description, with SPEC.md message, and a real image', async () => {
      const res = await req('POST', '/api/v1/helpcenter', admin, form({ name: '', description: '' }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Help article title and description required');
      expect(res.json().issues.map((i: { path: string }) => i.path)).toEqual(['name', 'description']);
      const fake = await req('POST', '/api/v1/helpcenter', admin, form({ name: 'Fake', description: 'x' }, [['image', 'x.png', Buffer.from('GIF? no, plain text')]]));
      expect(fake.statusCode).toBe(400);
      expect(fake.json().message).toBe(m.imageType);
    });

    it('lists articles as an array, searches them, and opens one by id or by slug', async () => {
      await req('POST', '/api/v1/helpcenter', admin, { name: 'Running Costs', description: 'About 80 full-load hours a season.' });
      const all = await req('GET', '/api/v1/helpcenter');
      expect(all.statusCode).toBe(200);
      expect(Array.isArray(all.json())).toBe(true);
      expect(all.json().length).toBeGreaterThanOrEqual(2);
      const found = await req('GET', '/api/v1/helpcenter?q=FULL-LOAD');
      expect(found.json().map((a: { name: string }) => a.name)).toEqual(['Running Costs']);
      expect((await req('GET', '/api/v1/helpcenter?page=1&pageSize=1')).json()).toHaveLength(1);
      const bySlug = await req('GET', `/api/v1/helpcenter/${encodeURIComponent('running-costs')}`);
      expect(bySlug.json().name).toBe('Running Costs');
      expect((await req('GET', `/api/v1/helpcenter/${bySlug.json().id}`)).json().slug).toBe('running-costs');
      expect((await req('GET', '/api/v1/helpcenter/no-such-article')).statusCode).toBe(404);
      expect((await req('GET', `/api/v1/helpcenter/${MISSING}`)).statusCode).toBe(404);
    });

    it('edits (the slug stays with a new title; a new image replaces the old) and deletes articles', async () => {
      const created = (await req('POST', '/api/v1/helpcenter', admin, form({ name: 'Old Title', description: 'Text' }, [['image', 'a.png', PNG]]))).json();
      const res = await req('PUT', `/api/v1/helpcenter/${created.id}`, admin, form({ name: 'Choosing a Controller' }, [['image', 'b.png', PNG]]));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ name: 'Choosing a Controller', slug: 'old-title', description: 'Text' });
      expect((await req('GET', '/api/v1/helpcenter/old-title')).json().name).toBe('Choosing a Controller');
      expect(res.json().image).not.toBe(created.image);
      expect((await req('GET', created.image)).statusCode).toBe(404);
      expect((await req('PUT', `/api/v1/helpcenter/${created.id}`, admin, form({ description: '' }))).statusCode).toBe(400);
      expect((await req('PUT', `/api/v1/helpcenter/${created.id}`, dealer, form({ name: 'X' }))).statusCode).toBe(403);
      expect((await req('PUT', `/api/v1/helpcenter/${MISSING}`, admin, form({ name: 'X' }))).statusCode).toBe(404);
      expect((await req('DELETE', `/api/v1/helpcenter/permanent/${created.id}`, dealer)).statusCode).toBe(403);
      expect((await req('DELETE', `/api/v1/helpcenter/permanent/${created.id}`, admin)).json()).toEqual({ message: m.deleted });
      expect((await req('GET', res.json().image)).statusCode).toBe(404);
      expect((await req('DELETE', `/api/v1/helpcenter/permanent/${created.id}`, admin)).statusCode).toBe(404);
    });
  });

  describe('help article slugs', () => {
    const create = async (name: string) => {
      const res = await req('POST', '/api/v1/helpcenter', admin, { name, description: 'Text' });
      expect(res.statusCode).toBe(201);
      return res.json() as { id: string; slug: string; name: string };
    };

    it('gives a 150-character title a slug of at most 80 characters that opens the article', async () => {
      const name = 'Heated driveway mats and their controllers: '.repeat(4).slice(0, 149) + 'x';
      const article = await create(name);
      expect(article.slug.length).toBeLessThanOrEqual(80);
      expect(article.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(article.slug.startsWith('heated-driveway-mats-and-their-controllers-heated')).toBe(true);
      const opened = await req('GET', `/api/v1/helpcenter/${article.slug}`);
      expect(opened.statusCode).toBe(200);
      expect(opened.json().name).toBe(name);
    });

    it('folds accents, drops apostrophes and gives a title of no latin letter a fallback', async () => {
      expect((await create('Déneigement des toits : l’été aussi?')).slug).toBe('deneigement-des-toits-lete-aussi');
      expect((await create('Straße & Œuvre')).slug).toBe('strasse-oeuvre');
      expect((await create('融雪系统')).slug).toBe('article');
      expect((await create('Снег')).slug).toBe('article-2');
    });

    it('numbers a clash -2, -3, still within 80 characters', async () => {
      expect((await create('Clash Test')).slug).toBe('clash-test');
      expect((await create('Clash test!')).slug).toBe('clash-test-2');
      expect((await create('clash  TEST')).slug).toBe('clash-test-3');
      const long = 'x'.repeat(120);
      expect((await create(long)).slug).toBe('x'.repeat(80));
      expect((await create(long)).slug).toBe(`${'x'.repeat(78)}-2`);
    });

    it('answers a former slug, however long, and a slug typed as a title with a 301 to the present slug', async () => {
      const article = await create('Former Slug Article');
      const former = `${'très-longue-adresse-'.repeat(9)}d’avant`;
      await t.db.insert(helpArticleSlugs).values({ slug: former, articleId: article.id });
      const moved = await req('GET', `/api/v1/helpcenter/${encodeURIComponent(former)}`);
      expect(moved.statusCode).toBe(301);
      expect(moved.headers.location).toBe(`/api/v1/helpcenter/${article.slug}`);
      expect((await req('GET', moved.headers.location as string)).json().id).toBe(article.id);
      const typed = await req('GET', `/api/v1/helpcenter/${encodeURIComponent('Former Slug Article')}`);
      expect(typed.statusCode).toBe(301);
      expect(typed.headers.location).toBe('/api/v1/helpcenter/former-slug-article');
      // A former slug is not given again to a new article of that title.
      const taken = await create('Former Slug Article');
      expect(taken.slug).toBe('former-slug-article-2');
      expect((await req('GET', `/api/v1/helpcenter/${encodeURIComponent('é'.repeat(350))}`)).statusCode).toBe(400);
    });
  });

  describe('FAQ', () => {
    it('creates FAQs from form data or JSON, lists them in order and searches answers', async () => {
      const a = await req('POST', '/api/v1/faq', admin, form({ name: 'Do I need a GFEP breaker?', description: 'Yes: every circuit needs 30 mA ground-fault protection.' }));
      expect(a.statusCode).toBe(201);
      const b = await req('POST', '/api/v1/faq', admin, { name: 'Can a mat be cut?', description: 'No, mats come in fixed lengths.' });
      expect(b.statusCode).toBe(201);
      const list = await req('GET', '/api/v1/faq');
      expect(list.json().map((f: { id: string }) => f.id)).toEqual([a.json().id, b.json().id]);
      expect((await req('GET', '/api/v1/faq?q=ground-fault')).json().map((f: { id: string }) => f.id)).toEqual([a.json().id]);
      expect((await req('POST', '/api/v1/faq', dealer, { name: 'Q', description: 'A' })).statusCode).toBe(403);
      expect((await req('POST', '/api/v1/faq', undefined, { name: 'Q', description: 'A' })).statusCode).toBe(401);
      const bad = await req('POST', '/api/v1/faq', admin, form({ name: '' }));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues.map((i: { message: string }) => i.message)).toEqual([m.faqQuestionRequired, m.faqAnswerRequired]);
      expect((await req('POST', '/api/v1/faq', admin, form({ name: 'Q', description: 'A' }, [['file', 'a.png', PNG]]))).statusCode).toBe(400);
    });

    it('lists every FAQ when no page is asked for, and one page when it is', async () => {
      for (let i = 0; i < 11; i += 1) await req('POST', '/api/v1/faq', admin, { name: `Question ${i}?`, description: `Answer ${i}.` });
      expect((await req('GET', '/api/v1/faq')).json().length).toBeGreaterThanOrEqual(11);
      expect((await req('GET', '/api/v1/faq?page=2&pageSize=5')).json()).toHaveLength(5);
      expect((await req('GET', '/api/v1/faq?page=2')).json().length).toBeLessThanOrEqual(10);
    });

    it('edits and deletes a FAQ through its own endpoints', async () => {
      const f = (await req('POST', '/api/v1/faq', admin, { name: 'How much does it cost to run?', description: 'It depends.' })).json();
      const edited = await req('PUT', `/api/v1/faq/${f.id}`, admin, form({ description: 'About 80 full-load hours a season on a snow sensor.' }));
      expect(edited.json()).toMatchObject({ name: 'How much does it cost to run?', description: 'About 80 full-load hours a season on a snow sensor.' });
      expect((await req('PUT', `/api/v1/faq/${f.id}`, admin, { name: '' })).statusCode).toBe(400);
      expect((await req('PUT', `/api/v1/faq/${MISSING}`, admin, { name: 'Q' })).statusCode).toBe(404);
      expect((await req('PUT', `/api/v1/faq/${f.id}`, dealer, { name: 'Q' })).statusCode).toBe(403);
      expect((await req('DELETE', `/api/v1/faq/permanent/${f.id}`, dealer)).statusCode).toBe(403);
      expect((await req('DELETE', `/api/v1/faq/permanent/${f.id}`, admin)).statusCode).toBe(200);
      expect((await req('DELETE', `/api/v1/faq/permanent/${f.id}`, admin)).statusCode).toBe(404);
    });
  });

  describe('contact form', () => {
    it('stores the message and mails it to support with the sender as reply-to', async () => {
      const res = await req('POST', '/api/v1/contact', undefined, { name: 'Dana Frost', email: 'Dana@Example.com', subject: 'Quote for a driveway', message: 'About 40 m², in Ottawa.' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: m.contactSent });
      const stored = await t.db.select().from(contactMessages).where(eq(contactMessages.email, 'dana@example.com'));
      expect(stored).toMatchObject([{ name: 'Dana Frost', subject: 'Quote for a driveway', message: 'About 40 m², in Ottawa.' }]);
      const mail = (await t.outbox()).find((x) => x.includes('Quote for a driveway'));
      expect(mail).toBeDefined();
      expect(mail).toMatch(/^To: support@meltway\.ca\r?$/m);
      expect(mail).toMatch(/^Reply-To: Dana Frost <dana@example\.com>\r?$/m);
    });

    it('refuses bad input field by field, then limits each address', async () => {
      const bad = await req('POST', '/api/v1/contact', undefined, { name: '', email: 'nope', message: '' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues.map((i: { message: string }) => i.message)).toEqual([m.nameRequired, m.emailInvalid, m.messageRequired]);
      const send = () => req('POST', '/api/v1/contact', undefined, { name: 'Lee', email: 'lee@example.com', message: 'Hello' });
      expect((await send()).statusCode).toBe(201);
      expect((await send()).statusCode).toBe(201);
      const limited = await send();
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
    });
  });
});
