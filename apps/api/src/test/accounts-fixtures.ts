import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { passwordTokens, refreshTokens, users } from '../db/schema/accounts.js';
import { actorOf, TEST_PASSWORD, type Session, type TestApp } from './harness.js';

/** A real 1x1 PNG. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** The smallest PDF that file-type recognises by its bytes. */
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

export const dataUrl = (mime: string, bytes: Uint8Array) => `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;

let seq = 0;
export const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}${(seq++).toString(36)}@example.com`;

export const customerBody = (overrides: Record<string, unknown> = {}) => ({
  role: 'customer',
  fullname: 'Casey Customer',
  email: uniqueEmail('customer'),
  password: TEST_PASSWORD,
  ...overrides,
});

export const contractorBody = (dealerId: string, overrides: Record<string, unknown> = {}) => ({
  role: 'contractor',
  fullname: 'Connor Contractor',
  email: uniqueEmail('contractor'),
  password: TEST_PASSWORD,
  address: '12 Snowbank Road, Ottawa ON',
  phone: '6135550100',
  phoneCode: '+1',
  companyName: 'Warm Walks Inc.',
  licenseNumber: 'ECRA-7001',
  contractorType: 'Electrical Contractor',
  servicesOffered: { heatedPavement: true, systemInstallation: true },
  contractorBN: '123456789RT0001',
  TIN: 'TIN-42',
  labourWarrantyPeriod: 2,
  dealerId,
  ...overrides,
});

export const BANKING = { accountHolderName: 'North Heat Ltd', transitNumber: '02741', institutionNumber: '004', accountNumber: '98765432' };

export const dealerBody = (overrides: Record<string, unknown> = {}) => ({
  role: 'dealer',
  fullname: 'North Heat Supply',
  email: uniqueEmail('dealer'),
  password: TEST_PASSWORD,
  address: '400 Furnace Avenue, Calgary AB',
  phone: '4035550199',
  phoneCode: '+1',
  image: dataUrl('image/png', PNG_BYTES),
  logo: dataUrl('image/png', PNG_BYTES),
  dealerData: {
    billingEmail: uniqueEmail('billing'),
    commission: 12.5,
    coverageRadius: 80,
    manager: { name: 'Morgan Manager', email: uniqueEmail('manager'), phone: '4035550123' },
    bankingInfo: BANKING,
  },
  ...overrides,
});

/** What no response may ever carry: a password, its hash, or a stored token hash. */
export function expectNoSecrets(raw: string) {
  for (const word of ['password', 'passwordHash', 'password_hash', 'tokenHash', 'token_hash', 'scrypt$', TEST_PASSWORD]) {
    expect(raw).not.toContain(word);
  }
}

/** Every stored token hash of a user, to check none of them is ever sent back. */
export async function storedTokenHashes(t: TestApp, userId: string) {
  const refresh = await t.db.select({ h: refreshTokens.tokenHash }).from(refreshTokens).where(eq(refreshTokens.userId, userId));
  const reset = await t.db.select({ h: passwordTokens.tokenHash }).from(passwordTokens).where(eq(passwordTokens.userId, userId));
  return [...refresh, ...reset].map((r) => r.h);
}

export async function userRow(t: TestApp, id: string) {
  return (await t.db.select().from(users).where(eq(users.id, id)))[0];
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The people of the account tests: an admin, a dealer with one contractor, another dealer and a customer. */
export async function peopleCast(t: TestApp): Promise<{ admin: Session; dealer: Session; otherDealer: Session; contractor: Session; customer: Session }> {
  const admin = await actorOf(t, 'admin');
  const dealer = await actorOf(t, 'dealer');
  const otherDealer = await actorOf(t, 'dealer');
  const contractor = await actorOf(t, 'contractor', { dealerId: dealer.user.id });
  const customer = await actorOf(t, 'customer');
  return { admin, dealer, otherDealer, contractor, customer };
}
