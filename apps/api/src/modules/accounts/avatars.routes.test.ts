import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorBody, dealerBody } from '../../test/accounts-fixtures.js';
import { actorOf, createTestApp, signIn, type TestApp } from '../../test/harness.js';
import { findUserByEmail } from './users.repo.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every string under a key that names a picture (image, logo, avatar, photo…), with where it sits. */
function pictures(value: Json, at = '$'): [string, string][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => pictures(v, `${at}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => [
    ...(typeof v === 'string' && /image|logo|avatar|photo|picture/i.test(key) ? ([[`${at}.${key}`, v]] as [string, string][]) : []),
    ...pictures(v, `${at}.${key}`),
  ]);
}

/** Every `voidCheque` in an answer, with where it sits. */
function cheques(value: Json, at = '$'): [string, Json][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => cheques(v, `${at}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => [...(key === 'voidCheque' ? ([[`${at}.${key}`, v]] as [string, Json][]) : []), ...cheques(v, `${at}.${key}`)]);
}

/**
 * A dealer's void cheque is a bank document read by the dealer and admins only: no picture field of
 * any answer that carries users points at it, and `voidCheque` is null (or absent) for everyone else.
 */
describe("a dealer's avatar is never its void cheque", () => {
  let t: TestApp;
  let dealerId: string;
  let chequeUrl: string;
  let storedCheque: string;
  const answers: { who: string; route: string; mayReadCheque: boolean; body: Json }[] = [];

  const get = async (who: string, route: string, auth: Record<string, string> | undefined, mayReadCheque: boolean, method: 'GET' | 'POST' = 'GET', payload?: object) => {
    const res = await t.app.inject({ method, url: route, headers: auth, ...(payload ? { payload } : {}) });
    expect(res.statusCode, `${who} ${route}: ${res.body}`).toBeLessThan(300);
    answers.push({ who, route, mayReadCheque, body: res.json() as Json });
  };

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await actorOf(t, 'admin');
    const body = dealerBody();
    const registered = await t.app.inject({ method: 'POST', url: '/api/v1/users', payload: body });
    expect(registered.statusCode, registered.body).toBe(201);
    answers.push({ who: 'the registrant', route: 'POST /api/v1/users', mayReadCheque: true, body: registered.json() });
    dealerId = registered.json().id;
    chequeUrl = `/api/v1/users/${dealerId}/void-cheque`;
    storedCheque = (await findUserByEmail(t.db, body.email))!.voidCheque!;
    expect(storedCheque).toBeTruthy();

    await get('admin', `/api/v1/users/dealer/${dealerId}/approve`, admin.auth, true, 'POST', { status: 'approved' });
    await get('admin', '/api/v1/users/dealer', admin.auth, true);
    await get('admin', '/api/v1/users/dealer?status=approved', admin.auth, true);
    await get('admin', `/api/v1/users/dealer/${dealerId}`, admin.auth, true);
    await get('admin', '/api/v1/users/admins', admin.auth, true);

    const dealer = await signIn(t, body.email);
    answers.push({ who: 'dealer', route: 'POST /api/v1/users/login', mayReadCheque: true, body: dealer as unknown as Json });
    await get('dealer', '/api/v1/users/me', { authorization: `Bearer ${dealer.access_token}` }, true);

    // Everyone else: the public list contractors register with, a contractor of this dealer, another dealer.
    await get('anonymous', '/api/v1/users/publicdealer?role=dealer&status=approved', undefined, false);
    const contractor = contractorBody(dealerId);
    const reg = await t.app.inject({ method: 'POST', url: '/api/v1/users', payload: contractor });
    expect(reg.statusCode, reg.body).toBe(201);
    answers.push({ who: 'the contractor registrant', route: 'POST /api/v1/users (contractor)', mayReadCheque: false, body: reg.json() });
    await get('dealer', `/api/v1/users/dealer/${reg.json().id}/approve`, { authorization: `Bearer ${dealer.access_token}` }, false, 'POST', { status: 'approved' });
    await get('dealer', '/api/v1/users/contractors', { authorization: `Bearer ${dealer.access_token}` }, false);
    await get('admin', '/api/v1/users/contractors', admin.auth, false);
    const signedContractor = await signIn(t, contractor.email);
    await get('contractor', '/api/v1/users/me', { authorization: `Bearer ${signedContractor.access_token}` }, false);
    const other = await actorOf(t, 'dealer');
    await get('another dealer', '/api/v1/users/me', other.auth, false);
    const customer = await actorOf(t, 'customer');
    await get('customer', '/api/v1/users/me', customer.auth, false);
  });
  afterAll(() => t.close());

  it('walks answers that carry this dealer', () => {
    const carrying = answers.filter((a) => JSON.stringify(a.body).includes(dealerId));
    expect(carrying.map((a) => `${a.who} ${a.route}`)).toEqual(
      expect.arrayContaining([
        'the registrant POST /api/v1/users',
        `admin /api/v1/users/dealer/${dealerId}`,
        'admin /api/v1/users/dealer',
        'dealer /api/v1/users/me',
        'anonymous /api/v1/users/publicdealer?role=dealer&status=approved',
      ]),
    );
  });

  it('has no picture field pointing at the void cheque, in any answer', () => {
    const name = storedCheque.split('/').at(-1)!;
    const offending = answers.flatMap((a) => pictures(a.body).filter(([, v]) => v.includes('void-cheque') || v.includes(name)).map(([at, v]) => `${a.who} ${a.route} ${at}=${v}`));
    expect(offending).toEqual([]);
    const me = answers.find((a) => a.who === 'dealer' && a.route === '/api/v1/users/me')!.body as { image: string | null };
    expect(me.image).toBeNull();
  });

  it('gives voidCheque to the dealer itself and admins, and null or nothing to everyone else', () => {
    for (const a of answers) {
      for (const [at, v] of cheques(a.body)) {
        if (a.mayReadCheque && typeof v === 'string') expect(v, `${a.who} ${a.route} ${at}`).toMatch(/^\/api\/v1\/users\/[0-9a-f-]+\/void-cheque$/);
        else expect(v, `${a.who} ${a.route} ${at}`).toBeNull();
      }
    }
    const own = answers.find((a) => a.who === 'dealer' && a.route === '/api/v1/users/me')!.body as { voidCheque: string };
    expect(own.voidCheque).toBe(chequeUrl);
    const forAdmin = answers.find((a) => a.route === `/api/v1/users/dealer/${dealerId}`)!.body as { voidCheque: string };
    expect(forAdmin.voidCheque).toBe(chequeUrl);
  });
});
