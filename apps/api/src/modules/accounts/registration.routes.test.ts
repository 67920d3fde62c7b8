import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsMessages as m } from '@meltway/shared/accounts/messages';
import { REGISTER_FILE_MAX_BYTES } from '@meltway/shared/accounts/roles';
import { findUserByEmail } from './users.repo.js';
import {
  BANKING,
  PDF_BYTES,
  PNG_BYTES,
  contractorBody,
  customerBody,
  dataUrl,
  dealerBody,
  expectNoSecrets,
  uniqueEmail,
} from '../../test/accounts-fixtures.js';
import { TEST_PASSWORD, actorOf, createTestApp, makeUser, signIn, type TestApp, issue } from '../../test/harness.js';

describe('POST /api/v1/users (registration)', () => {
  let t: TestApp;
  let approvedDealerId: string;

  const register = (payload: object) => t.app.inject({ method: 'POST', url: '/api/v1/users', payload });
  const login = (email: string, password = TEST_PASSWORD) =>
    t.app.inject({ method: 'POST', url: '/api/v1/users/login', payload: { email, password } });
  const storedFile = (publicPath: string) => path.join(t.dataDir, publicPath.replace(/^\/uploads\//, 'uploads/'));
  /** Void cheques are private: the only copy lives under DATA_DIR/private/documents. */
  const privateDocuments = () => {
    const dir = path.join(t.dataDir, 'private', 'documents');
    return existsSync(dir) ? readdirSync(dir).map((f) => path.join(dir, f)) : [];
  };

  beforeAll(async () => {
    t = await createTestApp();
    approvedDealerId = (await makeUser(t, { role: 'dealer' })).id;
  });
  afterAll(() => t.close());

  describe('happy paths', () => {
    it('registers a dealer as pending, stores its void cheque and logo as files, and keeps it out until approved', async () => {
      const body = dealerBody();
      const res = await register(body);
      expect(res.statusCode).toBe(201);
      const user = res.json();
      expect(user).toMatchObject({
        email: body.email,
        fullname: 'North Heat Supply',
        role: 'dealer',
        status: 'pending',
        address: body.address,
        phone: body.phone,
        contractorData: null,
      });
      const saved = await findUserByEmail(t.db, body.email);
      expect(saved?.dealerData).toMatchObject({ commission: 12.5, coverageRadius: 80, bankingInfo: BANKING, billingEmail: body.dealerData.billingEmail });
      expect(saved?.dealerData?.manager).toEqual(body.dealerData.manager);
      expect(user.voidCheque).toBe(`/api/v1/users/${user.id}/void-cheque`);
      expect(user.image).toBeNull();
      expect(user.logo).toMatch(/^\/uploads\/logos\/[0-9a-f-]+\.png$/);
      const stored = await findUserByEmail(t.db, body.email);
      expect(stored?.voidCheque).toMatch(/^\/private\/documents\/[0-9a-f-]+\.png$/);
      expect(readFileSync(path.join(t.dataDir, stored!.voidCheque!))).toEqual(PNG_BYTES);
      expect(readFileSync(storedFile(user.logo))).toEqual(PNG_BYTES);
      expectNoSecrets(res.body);

      const denied = await login(body.email);
      expect(denied.statusCode).toBe(403);
      expect(denied.json().code).toBe('accounts.accountPending');
    });

    it('accepts a PDF void cheque and no logo', async () => {
      const res = await register(dealerBody({ image: dataUrl('application/pdf', PDF_BYTES), logo: '' }));
      expect(res.statusCode).toBe(201);
      expect(res.json().voidCheque).toMatch(/^\/api\/v1\/users\/[0-9a-f-]+\/void-cheque$/);
      expect(res.json().logo).toBeNull();
    });

    it('registers a contractor of an approved dealer as pending, with its extras', async () => {
      const body = contractorBody(approvedDealerId);
      const res = await register(body);
      expect(res.statusCode).toBe(201);
      const user = res.json();
      expect(user).toMatchObject({ role: 'contractor', status: 'pending', dealerData: null });
      expect(user.contractorData).toMatchObject({
        companyName: 'Warm Walks Inc.',
        licenseNumber: 'ECRA-7001',
        contractorType: 'Electrical Contractor',
        contractorBN: '123456789RT0001',
        TIN: 'TIN-42',
        labourWarrantyPeriod: 2,
        dealerId: approvedDealerId,
      });
      expect(user.contractorData.servicesOffered).toEqual({
        consultations: false,
        permitApplications: false,
        systemInstallation: true,
        heatedPavement: true,
        heatedMats: false,
        systemRepairs: false,
        generalMaintenance: false,
      });
      expect((await login(body.email)).json().code).toBe('accounts.accountPending');
    });

    it('accepts a phone typed with brackets, spaces, dashes or dots and stores its digits', async () => {
      for (const typed of ['(613) 555-0100', '613.555.0100']) {
        const body = contractorBody(approvedDealerId, { phone: typed });
        const res = await register(body);
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json().phone).toBe('6135550100');
        expect((await findUserByEmail(t.db, body.email))!.phone).toBe('6135550100');
      }
    });

    it('approves a customer at once: it signs in straight away', async () => {
      const body = customerBody();
      const res = await register(body);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ role: 'customer', status: 'approved', dealerData: null, contractorData: null });
      expect((await login(body.email)).statusCode).toBe(200);
    });

    it('keeps a password exactly as typed: spaces at its ends are part of it', async () => {
      const password = ` ${TEST_PASSWORD} `;
      const body = customerBody({ password });
      expect((await register(body)).statusCode).toBe(201);
      expect((await login(body.email, password)).statusCode).toBe(200);
      expect((await login(body.email, TEST_PASSWORD)).statusCode).toBe(401);
    });

    it('ignores a status sent in the body', async () => {
      const dealer = await register(dealerBody({ status: 'approved' }));
      expect(dealer.statusCode).toBe(201);
      expect(dealer.json().status).toBe('pending');
      const contractor = await register(contractorBody(approvedDealerId, { status: 'approved' }));
      expect(contractor.json().status).toBe('pending');
      const customer = await register(customerBody({ status: 'inactive' }));
      expect(customer.json().status).toBe('approved');
    });

    it('stores the email in lower case', async () => {
      const email = uniqueEmail('MixedCase').toUpperCase();
      const res = await register(customerBody({ email }));
      expect(res.json().email).toBe(email.toLowerCase());
    });
  });

  describe('refusals', () => {
    it('refuses admin as a role, and creates nobody', async () => {
      const body = customerBody({ role: 'admin' });
      const res = await register(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('common.invalidValue');
      expect(await findUserByEmail(t.db, body.email)).toBeUndefined();
    });

    it('answers 409 for a taken email, whatever its case', async () => {
      const body = customerBody();
      expect((await register(body)).statusCode).toBe(201);
      const again = await register(customerBody({ email: body.email.toUpperCase() }));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: m.emailTaken, code: 'accounts.emailTaken', issues: [issue('email', m.emailTaken)] });
      const dealerAgain = await register(dealerBody({ email: body.email }));
      expect(dealerAgain.statusCode).toBe(409);
    });

    it('refuses a contractor whose dealer is pending, not a dealer, or unknown', async () => {
      const pendingDealer = await makeUser(t, { role: 'dealer', status: 'pending' });
      const customer = await makeUser(t, { role: 'customer' });
      for (const dealerId of [pendingDealer.id, customer.id, '00000000-0000-4000-8000-000000000000']) {
        const body = contractorBody(dealerId);
        const res = await register(body);
        expect(res.statusCode).toBe(400);
        expect(res.json().issues).toEqual([issue('dealerId', m.dealerNotApproved)]);
        expect(await findUserByEmail(t.db, body.email)).toBeUndefined();
      }
    });

    it('refuses a void cheque whose data URL says image/png but whose bytes are not a PNG', async () => {
      const res = await register(dealerBody({ image: dataUrl('image/png', Buffer.from('<html><script>alert(1)</script></html>')) }));
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toEqual([issue('image', m.voidChequeType)]);
    });

    it('refuses a logo that is a PDF', async () => {
      const body = dealerBody({ logo: dataUrl('image/png', PDF_BYTES) });
      const res = await register(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toEqual([issue('logo', m.logoType)]);
      expect(await findUserByEmail(t.db, body.email)).toBeUndefined();
    });

    it('refuses a missing or malformed void cheque', async () => {
      for (const image of [undefined, '', 'not a data url']) {
        const res = await register(dealerBody({ image }));
        expect(res.statusCode).toBe(400);
        expect(res.json().issues).toContainEqual(issue('image', m.voidChequeRequired));
      }
    });

    it('refuses a file just over 5 MB with 413', async () => {
      const big = Buffer.alloc(REGISTER_FILE_MAX_BYTES + 1);
      PNG_BYTES.copy(big);
      const res = await register(dealerBody({ image: dataUrl('image/png', big) }));
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: m.fileTooLarge, code: 'accounts.fileTooLarge' });
    });

    it('refuses a file far over 5 MB with 400, before decoding it', async () => {
      const big = Buffer.alloc(REGISTER_FILE_MAX_BYTES + 100_000);
      PNG_BYTES.copy(big);
      const res = await register(dealerBody({ logo: dataUrl('image/png', big) }));
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toContainEqual(issue('logo', 'File size must be less than 5MB'));
    });

    it('keeps one account and one set of files when the same email registers twice at once', async () => {
      const email = uniqueEmail('race');
      const documents = () => privateDocuments().length;
      const before = documents();
      const results = await Promise.all([register(dealerBody({ email })), register(dealerBody({ email }))]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(documents()).toBe(before + 1);
      const winner = await findUserByEmail(t.db, email);
      expect(existsSync(path.join(t.dataDir, winner!.voidCheque!))).toBe(true);
    });
  });

  describe('the void cheque stays private', () => {
    it('is readable by the dealer itself and by admins only, never under /uploads', async () => {
      const body = dealerBody({ email: uniqueEmail('cheque') });
      const dealer = (await register(body)).json();
      await t.app.inject({ method: 'POST', url: `/api/v1/users/dealer/${dealer.id}/approve`, headers: (await actorOf(t, 'admin')).auth, payload: { status: 'approved' } });
      const asDealer = await t.app.inject({ method: 'GET', url: dealer.voidCheque, headers: (await signIn(t, body.email, body.password)).auth });
      expect(asDealer.statusCode).toBe(200);
      expect(asDealer.headers['content-type']).toBe('image/png');
      expect(asDealer.headers['cache-control']).toBe('private, no-store');
      expect(asDealer.rawPayload).toEqual(Buffer.from(PNG_BYTES));
      expect((await t.app.inject({ method: 'GET', url: dealer.voidCheque, headers: (await actorOf(t, 'admin')).auth })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: dealer.voidCheque })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: dealer.voidCheque, headers: (await actorOf(t, 'dealer')).auth })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: dealer.voidCheque, headers: (await actorOf(t, 'customer')).auth })).statusCode).toBe(403);
      const stored = await findUserByEmail(t.db, body.email);
      const guessed = stored!.voidCheque!.replace('/private/', '/uploads/');
      expect((await t.app.inject({ method: 'GET', url: guessed })).statusCode).toBe(404);
    });
  });

  describe('each SPEC registration message, through the API', () => {
    // The texts are SPEC.md §5's, written out so that a changed catalogue is caught.
    const cases: { name: string; body: () => object; path: string; message: string }[] = [
      { name: 'missing name', body: () => customerBody({ fullname: undefined }), path: 'fullname', message: 'Name is required' },
      { name: 'empty name', body: () => customerBody({ fullname: '  ' }), path: 'fullname', message: 'Name is required' },
      { name: 'short name', body: () => customerBody({ fullname: 'Al' }), path: 'fullname', message: 'Name must be at least 3 characters' },
      { name: 'empty email', body: () => customerBody({ email: '' }), path: 'email', message: 'Email is required' },
      { name: 'bad email', body: () => customerBody({ email: 'casey.example.com' }), path: 'email', message: 'Invalid email format' },
      { name: 'empty address', body: () => contractorBody(approvedDealerId, { address: '' }), path: 'address', message: 'Address is required' },
      { name: 'short address', body: () => contractorBody(approvedDealerId, { address: '1 Main' }), path: 'address', message: 'Address must be at least 10 characters' },
      { name: 'empty phone', body: () => contractorBody(approvedDealerId, { phone: '' }), path: 'phone', message: 'Phone number is required' },
      { name: 'phone with letters', body: () => contractorBody(approvedDealerId, { phone: '613-555-CALL' }), path: 'phone', message: 'Phone number must contain only digits' },
      { name: 'short phone', body: () => contractorBody(approvedDealerId, { phone: '12345' }), path: 'phone', message: 'Phone number must be at least 7 digits' },
      { name: 'empty password', body: () => customerBody({ password: '' }), path: 'password', message: 'Password is required' },
      { name: 'short password', body: () => customerBody({ password: 'Ab1cd' }), path: 'password', message: 'Password must be at least 8 characters' },
      { name: 'no uppercase', body: () => customerBody({ password: 'secret123' }), path: 'password', message: 'Password must contain at least one uppercase letter' },
      { name: 'no lowercase', body: () => customerBody({ password: 'SECRET123' }), path: 'password', message: 'Password must contain at least one lowercase letter' },
      { name: 'no number', body: () => customerBody({ password: 'SecretPass' }), path: 'password', message: 'Password must contain at least one number' },
      { name: 'no company', body: () => contractorBody(approvedDealerId, { companyName: '' }), path: 'companyName', message: 'Company name is required' },
      { name: 'no licence', body: () => contractorBody(approvedDealerId, { licenseNumber: ' ' }), path: 'licenseNumber', message: 'License number is required' },
      { name: 'no warranty', body: () => contractorBody(approvedDealerId, { labourWarrantyPeriod: '' }), path: 'labourWarrantyPeriod', message: 'Labour warranty period is required' },
      { name: 'no dealer', body: () => contractorBody(approvedDealerId, { dealerId: '' }), path: 'dealerId', message: 'Please select a dealer' },
      { name: 'dealer: no address', body: () => dealerBody({ address: '' }), path: 'address', message: 'Address is required' },
      { name: 'dealer: no phone', body: () => dealerBody({ phone: undefined }), path: 'phone', message: 'Phone number is required' },
    ];

    it.each(cases)('$name → $message', async ({ body, path: field, message }) => {
      const res = await register(body());
      expect(res.statusCode).toBe(400);
      const json = res.json();
      expect(json.issues).toContainEqual(issue(field, message));
      expect(json.code).toBe(json.issues[0].code);
      expect(json.issues.map((i: { message: string }) => i.message)).toContain(json.message);
    });

    it('matches the shared catalogue the web forms use', () => {
      expect([m.nameRequired, m.nameMin, m.emailRequired, m.emailInvalid, m.addressRequired, m.addressMin]).toEqual([
        'Name is required',
        'Name must be at least 3 characters',
        'Email is required',
        'Invalid email format',
        'Address is required',
        'Address must be at least 10 characters',
      ]);
      expect([m.phoneRequired, m.phoneDigits, m.phoneMin, m.companyRequired, m.licenseRequired, m.warrantyRequired, m.dealerRequired]).toEqual([
        'Phone number is required',
        'Phone number must contain only digits',
        'Phone number must be at least 7 digits',
        'Company name is required',
        'License number is required',
        'Labour warranty period is required',
        'Please select a dealer',
      ]);
    });

    it('reports every failing field at once', async () => {
      const res = await register(contractorBody(approvedDealerId, { fullname: '', companyName: '', licenseNumber: '', dealerId: '' }));
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toEqual(
        expect.arrayContaining([
          issue('fullname', m.nameRequired),
          issue('companyName', m.companyRequired),
          issue('licenseNumber', m.licenseRequired),
          issue('dealerId', m.dealerRequired),
        ]),
      );
    });

    it("checks the dealer's data: commission, coverage, billing email, manager and banking", async () => {
      const base = dealerBody();
      const res = await register({
        ...base,
        dealerData: {
          ...base.dealerData,
          billingEmail: 'billing-at-nowhere',
          commission: 150,
          coverageRadius: 101,
          manager: { name: '', email: '', phone: '' },
          bankingInfo: { accountHolderName: '', transitNumber: '123', institutionNumber: '12', accountNumber: '12' },
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toEqual(
        expect.arrayContaining([
          issue('dealerData.billingEmail', m.emailInvalid),
          issue('dealerData.commission', 'Commission must be a valid percentage (0-100)'),
          issue('dealerData.coverageRadius', m.coverageRadiusInvalid),
          issue('dealerData.manager.name', m.managerNameRequired),
          issue('dealerData.manager.email', m.managerEmailRequired),
          issue('dealerData.manager.phone', m.managerPhoneRequired),
          issue('dealerData.bankingInfo.accountHolderName', m.accountHolderRequired),
          issue('dealerData.bankingInfo.transitNumber', m.transitInvalid),
          issue('dealerData.bankingInfo.institutionNumber', m.institutionInvalid),
          issue('dealerData.bankingInfo.accountNumber', m.accountNumberInvalid),
        ]),
      );
    });

    it('refuses a malformed business number and an out-of-range warranty', async () => {
      const res = await register(contractorBody(approvedDealerId, { contractorBN: '12345', labourWarrantyPeriod: 99 }));
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toEqual(
        expect.arrayContaining([
          issue('contractorBN', m.businessNumberInvalid),
          issue('labourWarrantyPeriod', m.warrantyInvalid),
        ]),
      );
    });
  });
});
