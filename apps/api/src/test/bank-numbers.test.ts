import type { onSendAsyncHookHandler, RouteOptions } from 'fastify';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { ROUTE_ACCESS, type RouteCase } from './route-access.js';
import { BANKING } from './accounts-fixtures.js';
import { createTestApp } from './harness.js';
import { makeActors, recordMaker, routeCaller } from './route-access-fixtures.js';

const rows: Record<string, RouteCase> = ROUTE_ACCESS;

/** Every answer that left the app, as it left: the fixtures' own requests (sign-up, approval, sign-in) included. */
const answers: { request: string; body: string }[] = [];
const recordAnswer: onSendAsyncHookHandler = async (request, _reply, payload) => {
  const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('latin1') : '';
  answers.push({ request: `${request.method} ${request.url}`, body });
  return payload;
};

const appRoutes = new Set<string>();
const t = await createTestApp({
  // Fastify's own route options, where hooks can be attached as the route is declared.
  onRoute: (declared) => {
    const route = declared as RouteOptions;
    if (!route.url.startsWith('/api/v1/')) return;
    for (const method of [route.method].flat()) if (method !== 'HEAD') appRoutes.add(`${method} ${route.url}`);
    route.onSend = [...[route.onSend ?? []].flat(), recordAnswer];
  },
  limits: { contactPerIp: { max: 10_000, windowSeconds: 60 }, newsletterPerIp: { max: 10_000, windowSeconds: 60 } },
});

type Banking = { transitNumber: string; institutionNumber: string; accountNumber: string };

/** Every `bankingInfo` object anywhere in a JSON answer. */
function bankingIn(value: unknown): Banking[] {
  if (Array.isArray(value)) return value.flatMap(bankingIn);
  if (!value || typeof value !== 'object') return [];
  const own = 'bankingInfo' in value && value.bankingInfo ? [value.bankingInfo as Banking] : [];
  return [...own, ...Object.values(value).flatMap(bankingIn)];
}
const parsed = (body: string): unknown => {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
};

describe('bank numbers: masked in every answer', () => {
  let dealerId: string;

  beforeAll(async () => {
    // The `dealer` actor signs up with BANKING, is approved by the admin and signs in; so does the
    // Add Dealer wizard's row. Then every route is called as the admin and as that dealer.
    const actors = await makeActors(t);
    dealerId = actors.dealerId;
    const call = routeCaller(t, actors, recordMaker(t, actors));
    for (const route of appRoutes) {
      const row = rows[route];
      if (!row) continue; // the route-access test names it
      for (const actor of ['admin', 'dealer'] as const) await call(route, row, actor);
    }
  });
  afterAll(() => t.close());

  it('walked every route, the approval of the dealer included', () => {
    expect(appRoutes.size).toBeGreaterThan(50);
    const requests = new Set(answers.map((a) => a.request));
    for (const path of [`/api/v1/users/dealer/${dealerId}/approve`, `/api/v1/users/dealer/${dealerId}`, '/api/v1/users/dealer', '/api/v1/users/me', '/api/v1/users/login']) {
      expect([...requests].some((r) => r.endsWith(` ${path}`)), path).toBe(true);
    }
  });

  it('finds no whole bank number in any answer (the void cheque file, which holds none in this test, aside)', () => {
    const leaks: string[] = [];
    for (const { request, body } of answers) {
      // The transit and institution numbers are short: looked for as whole JSON strings, not inside ids.
      for (const whole of [BANKING.accountNumber, `"${BANKING.transitNumber}"`, `"${BANKING.institutionNumber}"`]) {
        if (body.includes(whole)) leaks.push(`${request}: ${whole}`);
      }
      for (const b of bankingIn(parsed(body))) {
        for (const field of ['transitNumber', 'institutionNumber', 'accountNumber'] as const) {
          if (!/^•+\d{0,3}$/.test(b[field])) leaks.push(`${request}: ${field} ${b[field]}`);
        }
      }
    }
    expect(leaks).toEqual([]);
  });

  it('shows the dealer, and admins, the last 3 digits of the transit and account numbers only', () => {
    const seen = answers.flatMap((a) => bankingIn(parsed(a.body)));
    expect(seen.length).toBeGreaterThan(5);
    expect(seen).toContainEqual({ ...BANKING, transitNumber: '••741', institutionNumber: '•••', accountNumber: '•••••432' });
  });
});
