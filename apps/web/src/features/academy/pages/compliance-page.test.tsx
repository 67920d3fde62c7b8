import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import type { HolderList, HolderOut } from '@meltway/shared/academy/learning.schema';
import frCommon from '@/locales/fr/common.json';
import frCompliance from '@/locales/fr/compliance.json';
import frDashboard from '@/locales/fr/dashboard.json';
import { sessionStore, type SessionUser } from '@/lib/session';
import { renderWithApp } from '@/test/render';
import CompliancePage from './compliance-page';

const saveFile = vi.hoisted(() => vi.fn());
vi.mock('@/lib/save-file', () => ({ saveFile }));

const admin = { id: '00000000-0000-4000-8000-000000000001', fullname: 'Ada Admin', role: 'admin' } as SessionUser;
const dealer = { id: '00000000-0000-4000-8000-0000000000d1', fullname: 'Northern Heat Supply', role: 'dealer' } as SessionUser;
const DEALER_2 = '00000000-0000-4000-8000-0000000000d2';
const CERTIFICATION = '00000000-0000-4000-8000-0000000000c1';
const SLOW = { timeout: 5000 };

const row = (o: Partial<HolderOut>): HolderOut => ({
  userId: '00000000-0000-4000-8000-0000000000a1',
  name: 'Ava Valid',
  email: 'ava@example.ca',
  dealerId: dealer.id,
  dealerName: 'Northern Heat Supply',
  certificationId: CERTIFICATION,
  certificationName: 'Certified mat installer',
  certificationNameFr: 'Installateur de tapis certifié',
  courseId: '00000000-0000-4000-8000-0000000000e1',
  status: 'valid',
  certificateId: 'AB12C-DE34F-GH56J-KM78N',
  issuedAt: '2026-01-15T10:00:00.000Z',
  expiresAt: '2028-01-15T10:00:00.000Z',
  ...o,
});
const list = (): HolderList => ({
  items: [row({}), row({ userId: '00000000-0000-4000-8000-0000000000a2', name: 'Ed Never', email: 'ed@example.ca', status: 'never', certificateId: null, issuedAt: null, expiresAt: null })],
  total: 2,
  counts: { valid: 1, expiring: 3, expired: 0, revoked: 0, never: 1 },
});

type Call = { method: string; url: URL };
/** Answers the page's requests as the API would, and records them. */
function stubApi(handlers: Record<string, (call: Call) => Response | unknown>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = { method: init?.method ?? 'GET', url: new URL(String(input), 'http://localhost') };
      calls.push(call);
      const handler = handlers[`${call.method} ${call.url.pathname}`];
      if (!handler) return new Response(JSON.stringify({ message: 'Not found', code: 'common.notFound' }), { status: 404 });
      const answer = handler(call);
      return answer instanceof Response ? answer : new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}
const listCalls = (calls: Call[]) => calls.filter((c) => c.url.pathname === '/api/v1/certifications/holders');
const certifications = () => [{ id: CERTIFICATION, name: 'Certified mat installer', nameFr: 'Installateur de tapis certifié' }];

describe('Certification Compliance', { timeout: 30_000 }, () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    sessionStore.clear();
    vi.clearAllMocks();
    await i18n.changeLanguage('en');
  });

  it('shows a dealer its contractors with their status, dates and certificate link, and the counts', async () => {
    sessionStore.set({ user: dealer, access_token: 'a', refresh_token: 'r' });
    const calls = stubApi({ 'GET /api/v1/certifications/holders': list, 'GET /api/v1/certifications': certifications });
    renderWithApp(<CompliancePage />, { path: `/dashboard/certifications?dealerId=${DEALER_2}&certificationId=${CERTIFICATION}` });

    const table = await screen.findByRole('table', { name: 'Certification Compliance' });
    const ava = (await within(table).findByText('Ava Valid')).closest('tr')!;
    expect(within(ava).getByText('Valid')).toBeInTheDocument();
    expect(within(ava).getByRole('link', { name: 'Certificate AB12C-DE34F-GH56J-KM78N of Ava Valid' })).toHaveAttribute('href', '/verify/AB12C-DE34F-GH56J-KM78N');
    expect(within(ava).getByText('Jan 15, 2028')).toBeInTheDocument();
    const ed = within(table).getByText('Ed Never').closest('tr')!;
    expect(within(ed).getByText('Never certified')).toBeInTheDocument();
    expect(within(ed).queryByRole('link', { name: /Certificate/ })).not.toBeInTheDocument();
    // No dealer column or filter for a dealer, and no dealer id sent whatever the address says.
    expect(within(table).queryByRole('columnheader', { name: 'Dealer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Dealer' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === '/api/v1/users/dealer')).toBe(false);
    for (const c of listCalls(calls)) {
      expect(c.url.searchParams.has('dealerId')).toBe(false);
      expect(c.url.searchParams.get('certificationId')).toBe(CERTIFICATION);
    }
    const summary = screen.getByRole('list', { name: 'Contractors by status' });
    expect(within(summary).getByRole('button', { name: 'Expiring soon 3' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('keeps the contractor, certification and status on a phone', async () => {
    sessionStore.set({ user: admin, access_token: 'a', refresh_token: 'r' });
    stubApi({ 'GET /api/v1/certifications/holders': list, 'GET /api/v1/certifications': certifications, 'GET /api/v1/users/dealer': () => ({ items: [] }) });
    renderWithApp(<CompliancePage />, { path: '/dashboard/certifications' });
    const table = await screen.findByRole('table', { name: 'Certification Compliance' });
    await within(table).findByText('Ava Valid');
    const header = (name: string) => within(table).getByRole('columnheader', { name });
    for (const kept of ['Contractor', 'Certification', 'Status']) expect(header(kept).className).not.toMatch(/(^|\s)hidden(\s|$)/);
    for (const hidden of ['Dealer', 'Issue date', 'Expiry date', 'Certificate']) expect(header(hidden).className).toMatch(/(^|\s)hidden(\s|$)/);
  });

  it('lets an admin filter by dealer and by a count, asking the server each time', SLOW, async () => {
    sessionStore.set({ user: admin, access_token: 'a', refresh_token: 'r' });
    const calls = stubApi({
      'GET /api/v1/certifications/holders': list,
      'GET /api/v1/certifications': certifications,
      'GET /api/v1/users/dealer': () => ({ items: [{ id: DEALER_2, fullname: 'Prairie Snowmelt Co.', status: 'approved' }] }),
    });
    const user = userEvent.setup();
    renderWithApp(<CompliancePage />, { path: `/dashboard/certifications?dealerId=${DEALER_2}` });
    const table = await screen.findByRole('table', { name: 'Certification Compliance' });
    expect(await within(table).findAllByRole('cell', { name: 'Northern Heat Supply' })).toHaveLength(2);
    expect(listCalls(calls).every((c) => c.url.searchParams.get('dealerId') === DEALER_2)).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Expiring soon 3' }));
    await waitFor(() => expect(listCalls(calls).some((c) => c.url.searchParams.get('status') === 'expiring' && c.url.searchParams.get('pageSize') === '10')).toBe(true));
    expect(screen.getByRole('button', { name: 'Expiring soon 3' })).toHaveAttribute('aria-pressed', 'true');
    // The counts ignore the status filter: they are asked without it.
    expect(listCalls(calls).filter((c) => c.url.searchParams.get('pageSize') === '1').every((c) => !c.url.searchParams.has('status'))).toBe(true);
  });

  it('exports every row the filters select through the API', SLOW, async () => {
    sessionStore.set({ user: dealer, access_token: 'a', refresh_token: 'r' });
    const calls = stubApi({
      'GET /api/v1/certifications/holders': list,
      'GET /api/v1/certifications': certifications,
      'GET /api/v1/certifications/holders/export.csv': () => new Response('contractor,email\r\nAva Valid,ava@example.ca\r\n', { headers: { 'Content-Type': 'text/csv' } }),
    });
    const user = userEvent.setup();
    renderWithApp(<CompliancePage />, { path: '/dashboard/certifications?status=expired&q=ava' });
    await screen.findByText('Ava Valid');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalled(), SLOW);
    const exported = calls.find((c) => c.url.pathname === '/api/v1/certifications/holders/export.csv')!;
    expect(Object.fromEntries(exported.url.searchParams)).toEqual({ status: 'expired', q: 'ava' });
    expect(saveFile.mock.calls[0]![1]).toMatch(/^certifications-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('says so when nothing matches, and when the list cannot load', async () => {
    sessionStore.set({ user: dealer, access_token: 'a', refresh_token: 'r' });
    stubApi({ 'GET /api/v1/certifications/holders': () => ({ items: [], total: 0, counts: { valid: 0, expiring: 0, expired: 0, revoked: 0, never: 0 } }), 'GET /api/v1/certifications': () => [] });
    const { unmount } = renderWithApp(<CompliancePage />, { path: '/dashboard/certifications' });
    expect(await screen.findByText('No contractor matches these filters.')).toBeInTheDocument();
    unmount();
    stubApi({ 'GET /api/v1/certifications/holders': () => new Response(JSON.stringify({ message: 'boom', code: 'common.generic' }), { status: 500 }) });
    renderWithApp(<CompliancePage />, { path: '/dashboard/certifications' });
    expect(await screen.findByText('The list could not be loaded.')).toBeInTheDocument();
    expect(await screen.findByText('The counts could not be loaded.')).toBeInTheDocument();
  });

  it('speaks French, with the certification’s French name', async () => {
    sessionStore.set({ user: dealer, access_token: 'a', refresh_token: 'r' });
    stubApi({ 'GET /api/v1/certifications/holders': list, 'GET /api/v1/certifications': certifications });
    i18n.addResourceBundle('fr', 'compliance', frCompliance, true, true);
    i18n.addResourceBundle('fr', 'dashboard', frDashboard, true, true);
    i18n.addResourceBundle('fr', 'common', frCommon, true, true);
    await i18n.changeLanguage('fr');
    renderWithApp(<CompliancePage />, { path: '/dashboard/certifications' });
    const table = await screen.findByRole('table', { name: 'Conformité des certifications' });
    expect(await within(table).findAllByText('Installateur de tapis certifié')).toHaveLength(2);
    expect(within(table).getByText('Jamais certifié')).toBeInTheDocument();
  });
});
