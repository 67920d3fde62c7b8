import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@meltway/shared/accounts/roles';
import { courseBody, keysOf, makeAssignment, makeAuthor, makeCourse, makeDoc } from '../../test/academy-fixtures.js';
import { form } from '../../test/catalogue-fixtures.js';
import { actorOf, createTestApp, MISSING, type Session, type TestApp } from '../../test/harness.js';
import * as repo from './comments.repo.js';

type Actor = 'anonymous' | Role;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const ACTORS: Actor[] = ['anonymous', 'customer', 'contractor', 'dealer', 'admin'];

describe('academy: who may do what', () => {
  let t: TestApp;
  const sessions = new Map<Actor, Session | undefined>();
  let ids: { author: string; doc: string; assignment: string; course: string; draft: string; certification: string; comment: string };

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await actorOf(t, 'admin');
    const dealer = await actorOf(t, 'dealer');
    sessions.set('anonymous', undefined);
    sessions.set('admin', admin);
    sessions.set('dealer', dealer);
    sessions.set('customer', await actorOf(t, 'customer'));
    sessions.set('contractor', await actorOf(t, 'contractor', { dealerId: dealer.user.id }));
    const [author, doc, assignment] = await Promise.all([makeAuthor(t, admin.auth), makeDoc(t, admin.auth), makeAssignment(t, admin.auth)]);
    const refs = { author: author.id, doc: doc.id, assignment: assignment.id };
    const course = await makeCourse(t, admin.auth, refs);
    const draft = await makeCourse(t, admin.auth, refs, { status: 'draft' });
    const cert = await t.app.inject({ method: 'POST', url: '/api/v1/certifications', headers: admin.auth, payload: { name: 'Installer', courseId: course.id, passingScore: 80 } });
    const comment = await repo.insertComment(t.db, { courseId: course.id, userId: sessions.get('customer')!.user.id, comment: 'Question?' });
    ids = { ...refs, course: course.id, draft: draft.id, certification: cert.json().id, comment: comment.id };
  });
  afterAll(() => t.close());

  const call = (actor: Actor, method: Method, url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: sessions.get(actor)?.auth, ...(payload !== undefined ? { payload: payload as never } : {}) });

  const statusFor = (allowed: 'everyone' | 'signedIn' | 'admin', actor: Actor, ok: number) =>
    allowed === 'everyone' || actor === 'admin' || (allowed === 'signedIn' && actor !== 'anonymous') ? ok : actor === 'anonymous' ? 401 : 403;

  const reads: [string, 'everyone' | 'signedIn' | 'admin'][] = [
    ['/api/v1/authors', 'everyone'],
    ['/api/v1/courses', 'everyone'],
    ['/api/v1/courses/{course}', 'everyone'],
    ['/api/v1/certifications', 'everyone'],
    ['/api/v1/docs/{doc}', 'signedIn'],
    ['/api/v1/assignments/{assignment}', 'signedIn'],
    ['/api/v1/docs', 'admin'],
    ['/api/v1/assignments', 'admin'],
    ['/api/v1/courses/comments/all', 'admin'],
  ];
  const fill = (url: string) => url.replace(/\{(\w+)\}/g, (_, k: keyof typeof ids) => ids[k]);

  for (const [url, allowed] of reads) {
    it(`GET ${url}: ${allowed}`, async () => {
      for (const actor of ACTORS) expect([actor, (await call(actor, 'GET', fill(url))).statusCode]).toEqual([actor, statusFor(allowed, actor, 200)]);
    });
  }

  // Every change is for admins only: anonymous 401, every other role (dealers included) 403, before the body is even read.
  const writes: [Method, string][] = [
    ['POST', '/api/v1/authors'],
    ['PUT', '/api/v1/authors/{author}'],
    ['DELETE', '/api/v1/authors/permanent/{author}'],
    ['POST', '/api/v1/docs'],
    ['DELETE', '/api/v1/docs/permanent/{doc}'],
    ['POST', '/api/v1/assignments'],
    ['PUT', '/api/v1/assignments/{assignment}'],
    ['DELETE', '/api/v1/assignments/permanent/{assignment}'],
    ['POST', '/api/v1/certifications'],
    ['PUT', '/api/v1/certifications/{certification}'],
    ['DELETE', '/api/v1/certifications/permanent/{certification}'],
    ['POST', '/api/v1/courses'],
    ['PUT', '/api/v1/courses/{course}'],
    ['DELETE', '/api/v1/courses/permanent/{course}'],
    ['POST', '/api/v1/courses/comments/{comment}/reply'],
    ['DELETE', '/api/v1/courses/comment/permanent/{comment}'],
  ];
  for (const [method, url] of writes) {
    it(`${method} ${url}: admins only`, async () => {
      for (const actor of ACTORS.filter((a) => a !== 'admin')) {
        const res = await call(actor, method, fill(url), method === 'DELETE' ? undefined : { name: 'x', comment: 'x' });
        expect([actor, res.statusCode]).toEqual([actor, actor === 'anonymous' ? 401 : 403]);
      }
    });
  }

  it('lets admins make every change', async () => {
    const admin = (method: Method, url: string, payload?: unknown) => call('admin', method, url, payload);
    const author = await admin('POST', '/api/v1/authors', form({ name: 'A' }));
    expect(author.statusCode).toBe(201);
    expect((await admin('PUT', `/api/v1/authors/${author.json().id}`, form({ name: 'B' }))).statusCode).toBe(200);
    const assignment = (await admin('GET', `/api/v1/assignments/${ids.assignment}`)).json();
    expect((await admin('PUT', `/api/v1/assignments/${ids.assignment}`, { title: 'Renamed', questions: assignment.questions })).statusCode).toBe(200);
    expect((await admin('PUT', `/api/v1/certifications/${ids.certification}`, { passingScore: 70 })).statusCode).toBe(200);
    expect((await admin('PUT', `/api/v1/courses/${ids.draft}`, courseBody(ids, { status: 'draft' }))).statusCode).toBe(200);
    expect((await admin('POST', `/api/v1/courses/comments/${ids.comment}/reply`, { comment: 'Thanks' })).statusCode).toBe(200);
    expect((await admin('DELETE', `/api/v1/authors/permanent/${author.json().id}`)).statusCode).toBe(200);
    expect((await admin('DELETE', `/api/v1/courses/comment/permanent/${MISSING}`)).statusCode).toBe(404);
  });

  it('documents every academy endpoint in the OpenAPI description', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, { tags?: string[] }>>;
    for (const [method, url] of [...writes, ...reads.map(([u]) => ['GET', u] as const)]) {
      const path = url.replace(/\{\w+\}/g, '{id}');
      expect([method, path, paths[path]?.[method.toLowerCase()]?.tags?.[0]]).toEqual([method, path, expect.stringMatching(/^academy: /)]);
    }
  });

  it('never gives a learner or a visitor the answer key, in any response they can reach', async () => {
    const seen: string[] = [];
    for (const actor of ACTORS.filter((a) => a !== 'admin')) {
      const urls = [
        '/api/v1/courses',
        `/api/v1/courses/${ids.course}`,
        `/api/v1/courses/${ids.draft}`,
        '/api/v1/authors',
        '/api/v1/certifications',
        `/api/v1/assignments/${ids.assignment}`,
        `/api/v1/docs/${ids.doc}`,
        '/api/v1/assignments',
        '/api/v1/courses/comments/all',
        '/api/v1/docs',
      ];
      for (const url of urls) {
        const res = await call(actor, 'GET', url);
        const keys = keysOf(res.json());
        expect([actor, url, keys.has('correctIndex')]).toEqual([actor, url, false]);
        expect(res.body).not.toMatch(/correct/i);
        seen.push(`${actor} ${url} ${res.statusCode}`);
      }
    }
    // The learners' copy was really served: its title only, the questions come drawn through /quiz.
    const learnerCopy = (await call('customer', 'GET', `/api/v1/assignments/${ids.assignment}`)).json();
    expect(learnerCopy).toMatchObject({ id: ids.assignment, title: expect.any(String), questions: [] });
    expect(seen).toContain(`customer /api/v1/assignments/${ids.assignment} 200`);
    // ...and admins do get the key.
    expect(keysOf((await call('admin', 'GET', `/api/v1/assignments/${ids.assignment}`)).json()).has('correctIndex')).toBe(true);
  });
});
