import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsMessages as m } from '@meltway/shared/accounts/messages';
import { actorOf, createTestApp, linkIn, makeUser, type Session, signIn, type TestApp } from '../../test/harness.js';

describe('people endpoints under each actor', () => {
  let t: TestApp;
  let admin: Session, dealer: Session, otherDealer: Session, contractor: Session, customer: Session;
  let ownPending: Awaited<ReturnType<typeof makeUser>>;
  let othersContractor: Awaited<ReturnType<typeof makeUser>>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await actorOf(t, 'admin');
    dealer = await actorOf(t, 'dealer', { fullname: 'Own Dealer Ltd' });
    otherDealer = await actorOf(t, 'dealer');
    contractor = await actorOf(t, 'contractor', { dealerId: dealer.user.id });
    customer = await actorOf(t, 'customer');
    ownPending = await makeUser(t, { role: 'contractor', status: 'pending', dealerId: dealer.user.id, fullname: 'Zed Pending' });
    othersContractor = await makeUser(t, { role: 'contractor', dealerId: otherDealer.user.id, fullname: 'Other Person' });
  });
  afterAll(() => t.close());

  const get = (url: string, s?: Session) => t.app.inject({ method: 'GET', url, headers: s?.auth });

  it('lists contractors: all for an admin, only its own for a dealer, nobody else', async () => {
    const all = await get('/api/v1/users/contractors?pageSize=50', admin);
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(3);
    const own = await get('/api/v1/users/contractors?pageSize=50', dealer);
    expect(own.json().total).toBe(2);
    expect(own.json().items.map((u: { id: string }) => u.id).sort()).toEqual([contractor.user.id, ownPending.id].sort());
    expect(own.json().items[0].contractorData.dealerName).toBe('Own Dealer Ltd');
    // A dealer cannot widen its scope with a dealerId filter.
    const sneaky = await get(`/api/v1/users/contractors?dealerId=${otherDealer.user.id}`, dealer);
    expect(sneaky.json().items.every((u: { contractorData: { dealerId: string } }) => u.contractorData.dealerId === dealer.user.id)).toBe(true);
    expect((await get('/api/v1/users/contractors')).statusCode).toBe(401);
    expect((await get('/api/v1/users/contractors', customer)).statusCode).toBe(403);
    expect((await get('/api/v1/users/contractors', contractor)).statusCode).toBe(403);
  });

  it('pages, filters and sorts contractors on the server', async () => {
    const page = await get('/api/v1/users/contractors?page=2&pageSize=2&sort=fullname&order=asc', admin);
    expect(page.json().total).toBe(3);
    expect(page.json().items).toHaveLength(1);
    expect(page.json().items[0].fullname).toBe('Zed Pending');
    const filtered = await get('/api/v1/users/contractors?q=other', admin);
    expect(filtered.json().items.map((u: { id: string }) => u.id)).toEqual([othersContractor.id]);
    const pending = await get('/api/v1/users/contractors?status=pending', admin);
    expect(pending.json().items.map((u: { id: string }) => u.id)).toEqual([ownPending.id]);
    const bad = await get('/api/v1/users/contractors?pageSize=1000', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('common.invalidValue');
  });

  it("shows a contractor's profile to its dealer and to admins, 404 to another dealer", async () => {
    expect((await get(`/api/v1/users/contractors/${contractor.user.id}`, dealer)).json().contractorData.companyName).toBe('Test Co');
    expect((await get(`/api/v1/users/contractors/${othersContractor.id}`, admin)).statusCode).toBe(200);
    const denied = await get(`/api/v1/users/contractors/${othersContractor.id}`, dealer);
    expect(denied.statusCode).toBe(404);
    expect(denied.json().message).toBe(m.userNotFound);
    expect((await get(`/api/v1/users/contractors/${dealer.user.id}`, admin)).statusCode).toBe(404);
  });

  it('lets a dealer approve its own pending contractor but not another dealer', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/users/dealer/${otherDealer.user.id}/approve`, headers: dealer.auth, payload: { status: 'inactive' } });
    expect(res.statusCode).toBe(404);
    const ok = await t.app.inject({ method: 'POST', url: `/api/v1/users/dealer/${ownPending.id}/approve`, headers: dealer.auth, payload: { status: 'approved' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe('approved');
    await expect(signIn(t, ownPending.email)).resolves.toMatchObject({ id: ownPending.id });
  });

  it('shows a dealer to admins with bank numbers masked but for the last 3 digits', async () => {
    const res = await get(`/api/v1/users/dealer/${dealer.user.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().dealerData.bankingInfo).toMatchObject({ transitNumber: '••345', institutionNumber: '•••', accountNumber: '••••567' });
    expect(res.body).not.toContain('1234567');
    const list = await get('/api/v1/users/dealer?role=dealer', admin);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.find((d: { id: string }) => d.id === dealer.user.id).dealerData.bankingInfo.accountNumber).toBe('••••567');
    expect(list.body).not.toContain('1234567');
    expect((await get(`/api/v1/users/dealer/${dealer.user.id}`, dealer)).statusCode).toBe(403);
    expect((await get(`/api/v1/users/dealer/${contractor.user.id}`, admin)).statusCode).toBe(404);
  });

  const newDealer = (email: string) => ({
    fullname: 'Maritime Heat',
    email,
    billingEmail: 'billing@maritime.example',
    address: '1 Water Street, Halifax, NS',
    commission: '12.5',
    phoneCode: '+01',
    phone: '9025550100',
    coverageRadius: 40,
    password: 'changeme1',
    manager: { name: 'Anne Shirley', email: 'anne@maritime.example', phone: '9025550101' },
    bankingInfo: { accountHolderName: 'Maritime Heat Ltd', transitNumber: '12345', institutionNumber: '002', accountNumber: '123456789' },
  });

  it('creates an approved dealer from the wizard and mails an invitation to set its password', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/users/dealers', headers: admin.auth, payload: newDealer('maritime@example.com') });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ role: 'dealer', status: 'approved', dealerData: { commission: 12.5, coverageRadius: 40 } });
    await expect(signIn(t, 'maritime@example.com', 'changeme1')).resolves.toBeTruthy();
    const mail = (await t.outbox()).find((x) => x.includes('maritime@example.com'));
    expect(mail).toBeDefined();
    expect(linkIn(mail!)).toMatch(/^http:\/\/shop\.test\/reset\?token=/);
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/users/dealers', headers: admin.auth, payload: newDealer('maritime@example.com') });
    expect(again.statusCode).toBe(409);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/users/dealers', headers: dealer.auth, payload: newDealer('x@example.com') })).statusCode).toBe(403);
  });

  it('refuses each bad wizard field with its message', async () => {
    const payload = {
      ...newDealer('bad@example.com'),
      fullname: '',
      commission: '120',
      bankingInfo: { accountHolderName: '', transitNumber: '1234', institutionNumber: '12', accountNumber: '123' },
      manager: { name: '', email: 'nope', phone: '' },
    };
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/users/dealers', headers: admin.auth, payload });
    expect(res.statusCode).toBe(400);
    const messages = res.json().issues.map((i: { message: string }) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Dealer name is required',
        'Commission must be a valid percentage (0-100)',
        m.accountHolderRequired,
        m.transitInvalid,
        m.institutionInvalid,
        m.accountNumberInvalid,
        m.managerNameRequired,
        'Invalid email format',
        m.managerPhoneRequired,
      ]),
    );
  });

  it('lists and invites admins; only admins may', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/users/admins', headers: admin.auth, payload: { fullname: 'Nina Admin', email: 'Nina@Example.com' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ role: 'admin', email: 'nina@example.com' });
    const list = await get('/api/v1/users/admins', admin);
    expect(list.json().items.map((u: { email: string }) => u.email)).toContain('nina@example.com');
    // The invitation link sets the password, and then the new admin signs in.
    const mail = (await t.outbox()).find((x) => x.includes('nina@example.com'))!;
    const token = new URL(linkIn(mail)).searchParams.get('token');
    const reset = await t.app.inject({ method: 'POST', url: '/api/v1/users/reset-password', payload: { token, newPassword: 'Welcome123', confirmPassword: 'Welcome123' } });
    expect(reset.statusCode).toBe(200);
    await expect(signIn(t, 'nina@example.com', 'Welcome123')).resolves.toBeTruthy();
    expect((await get('/api/v1/users/admins', dealer)).statusCode).toBe(403);
    expect((await get('/api/v1/users/admins')).statusCode).toBe(401);
  });

  it('gives dashboard figures for the role: a dealer counts only its own', async () => {
    const a = await get('/api/v1/dashboard/stats', admin);
    expect(a.statusCode).toBe(200);
    const s = a.json();
    expect(s.contractors).toBe(3);
    expect(s.dealers).toBeGreaterThanOrEqual(2);
    expect(s.signups).toHaveLength(12);
    const thisMonth = s.signups[11];
    expect(thisMonth.count).toBeGreaterThanOrEqual(6);
    const d = (await get('/api/v1/dashboard/stats', otherDealer)).json();
    expect(d).toMatchObject({ contractors: 1, dealers: null, pendingApprovals: 0, ordersThisMonth: 0, revenueThisMonth: 0 });
    expect(d.signups[11].count).toBe(1);
    expect((await get('/api/v1/dashboard/stats', customer)).statusCode).toBe(403);
  });
});
