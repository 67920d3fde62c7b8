import { expect, type APIRequestContext } from '@playwright/test';
import { ADMIN, fromOwnAddress } from './accounts';
import { apiToken } from './session';

/** A 1×1 PNG: the smallest void cheque the server's file check accepts. */
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export const adminToken = (request: APIRequestContext) => apiToken(request, ADMIN.email, ADMIN.password);

/** Registers a dealer through the public API; it waits for approval. */
export async function registerPendingDealer(request: APIRequestContext, fullname: string, email: string, password = 'Dealer1234') {
  const response = await request.post('/api/v1/users', {
    headers: fromOwnAddress(),
    data: {
      role: 'dealer',
      fullname,
      email,
      password,
      address: '500 Avenue des Pins, Montréal, QC H2W 1S6',
      phone: '5145550100',
      phoneCode: '+1',
      image: PNG,
      dealerData: {
        billingEmail: `billing.${email}`,
        commission: 10,
        coverageRadius: 40,
        manager: { name: 'Morgan Manager', email: `manager.${email}`, phone: '5145550101' },
        bankingInfo: { accountHolderName: fullname, transitNumber: '12345', institutionNumber: '003', accountNumber: '123456789' },
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string };
}

export async function dealerIdByName(request: APIRequestContext, name: string) {
  const response = await request.get('/api/v1/users/publicdealer?role=dealer&status=approved');
  const { items } = (await response.json()) as { items: { id: string; fullname: string }[] };
  const found = items.find((d) => d.fullname === name);
  expect(found, `approved dealer ${name}`).toBeTruthy();
  return found!.id;
}

/** Registers a contractor who chose `dealerId`; it waits for approval. */
export async function registerContractor(request: APIRequestContext, dealerId: string, fullname: string, email: string) {
  const response = await request.post('/api/v1/users', {
    headers: fromOwnAddress(),
    data: {
      role: 'contractor',
      fullname,
      email,
      password: 'Install1234',
      address: '77 Range Road, Red Deer, AB T4N 1A1',
      phone: '4035550188',
      phoneCode: '+1',
      companyName: `${fullname} Heating`,
      licenseNumber: `LIC-${Math.floor(Math.random() * 1e6)}`,
      contractorType: 'Electrical Contractor',
      servicesOffered: { heatedMats: true, systemInstallation: true },
      labourWarrantyPeriod: 2,
      dealerId,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string };
}

/** A contractor's id, looked up as an admin by email. */
export async function contractorIdByEmail(request: APIRequestContext, email: string) {
  const token = await adminToken(request);
  const response = await request.get(`/api/v1/users/contractors?q=${encodeURIComponent(email)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { items } = (await response.json()) as { items: { id: string; email: string }[] };
  const found = items.find((c) => c.email === email);
  expect(found, `contractor ${email}`).toBeTruthy();
  return found!.id;
}
