import { COVERAGE_RADIUS } from '@meltway/shared/accounts/roles';
import { hashPassword } from '../lib/passwords.js';
import type { Storage } from '../lib/storage.js';
import * as accountsRepo from '../modules/accounts/users.repo.js';
import type { Db } from '../db/client.js';
import { seedAcademy } from './seed-academy.js';
import { seedCatalogue } from './seed-catalogue.js';
import { seedCommerce } from './seed-commerce.js';
import { seedContent } from './seed-content.js';

export const DEMO_PASSWORD = 'Demo1234!';

const banking = (holder: string, n: number) => ({
  accountHolderName: holder,
  transitNumber: `1${String(n).padStart(4, '0')}`,
  institutionNumber: '003',
  accountNumber: `40${String(n).padStart(6, '0')}12`,
});

/**
 * Demo people, catalogue, help centre and academy, so a new user meets a working product.
 * Idempotent: existing emails, names, SKUs and slugs are left alone. All or nothing: one transaction (a
 * savepoint inside the caller's), so a process killed half-way leaves no demo rows, only image files no row
 * names, and the next run makes the whole demo. Each file is written before the row that names it.
 */
export async function seedDemo(db: Db, storage: Storage, log: { info: (msg: string) => void } = { info: () => {} }) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const catalogue = await db.transaction((tx) => seedAll(tx, storage, passwordHash));
  log.info(`demo accounts ready (password ${DEMO_PASSWORD}); see README`);
  log.info(`demo catalogue ready: ${catalogue.total} products on sale (${catalogue.created} added), help articles and FAQs`);
  log.info('demo academy ready: 2 authors, 2 documents, 2 assignments, 2 published courses with certifications and comments');
}

type Ensure = (values: accountsRepo.NewUser) => Promise<{ id: string }>;

/** The demo dealers: two approved (Northern Heat in Québec, Prairie Snowmelt in Calgary) and one pending. */
async function seedDealers(ensure: Ensure) {
  const northern = await ensure({
    email: 'dealer@demo.meltway.ca',
    fullname: 'Northern Heat Supply',
    role: 'dealer',
    status: 'approved',
    address: '2450 Boulevard Laurier, Québec, QC G1V 2L1',
    phone: '4185550142',
    phoneCode: '+1',
    dealerData: {
      billingEmail: 'billing@northernheat.example',
      commission: 12,
      coverageRadius: 80,
      manager: { name: 'Marie Tremblay', email: 'marie@northernheat.example', phone: '4185550143' },
      bankingInfo: banking('Northern Heat Supply Inc.', 1),
    },
  });
  const prairie = await ensure({
    email: 'dealer2@demo.meltway.ca',
    fullname: 'Prairie Snowmelt Co.',
    role: 'dealer',
    status: 'approved',
    address: '8815 Macleod Trail SE, Calgary, AB T2H 0M4',
    phone: '4035550177',
    phoneCode: '+1',
    dealerData: {
      billingEmail: 'accounts@prairiesnowmelt.example',
      commission: 10,
      coverageRadius: COVERAGE_RADIUS.default,
      manager: { name: 'Daniel Okafor', email: 'daniel@prairiesnowmelt.example', phone: '4035550178' },
      bankingInfo: banking('Prairie Snowmelt Co. Ltd.', 2),
    },
  });
  await ensure({
    email: 'pending.dealer@demo.meltway.ca',
    fullname: 'Coastal Radiant Systems',
    role: 'dealer',
    status: 'pending',
    address: '1200 West Georgia Street, Vancouver, BC V6E 4R2',
    phone: '6045550190',
    phoneCode: '+1',
    dealerData: {
      billingEmail: 'billing@coastalradiant.example',
      commission: null,
      coverageRadius: 60,
      manager: { name: 'Priya Sandhu', email: 'priya@coastalradiant.example', phone: '6045550191' },
      bankingInfo: banking('Coastal Radiant Systems Ltd.', 3),
    },
  });
  return { northern, prairie };
}

/** The demo contractors: Luc Gagnon under Northern Heat (the demo contractor), one pending, one under Prairie Snowmelt. */
async function seedContractors(ensure: Ensure, dealers: { northern: { id: string }; prairie: { id: string } }) {
  const { northern, prairie } = dealers;
  const services = {
    consultations: true,
    permitApplications: false,
    systemInstallation: true,
    heatedPavement: true,
    heatedMats: true,
    systemRepairs: false,
    generalMaintenance: false,
  };
  const luc = await ensure({
    email: 'contractor@demo.meltway.ca',
    fullname: 'Luc Gagnon',
    role: 'contractor',
    status: 'approved',
    address: '75 Rue Saint-Paul, Québec, QC G1K 3V8',
    phone: '4185550155',
    phoneCode: '+1',
    companyName: 'Gagnon Paysagement',
    licenseNumber: 'RBQ 5678-1234-01',
    contractorType: 'Landscape Contractor',
    servicesOffered: services,
    contractorBN: '123456789RT0001',
    labourWarrantyPeriod: 2,
    dealerId: northern.id,
  });
  await ensure({
    email: 'pending.contractor@demo.meltway.ca',
    fullname: 'Sam Whitehorse',
    role: 'contractor',
    status: 'pending',
    address: '410 Spadina Road, Toronto, ON M5P 2W2',
    phone: '4165550166',
    phoneCode: '+1',
    companyName: 'Whitehorse Electric',
    licenseNumber: 'ECRA 7001234',
    contractorType: 'Electrical Contractor',
    servicesOffered: { ...services, heatedMats: false, systemRepairs: true },
    labourWarrantyPeriod: 1,
    dealerId: northern.id,
  });
  await ensure({
    email: 'contractor2@demo.meltway.ca',
    fullname: 'Erin McLeod',
    role: 'contractor',
    status: 'approved',
    address: '5120 Elbow Drive SW, Calgary, AB T2V 1H2',
    phone: '4035550122',
    phoneCode: '+1',
    companyName: 'McLeod General Contracting',
    licenseNumber: 'AB-GC-44120',
    contractorType: 'General Contractor',
    servicesOffered: { ...services, generalMaintenance: true },
    labourWarrantyPeriod: 3,
    dealerId: prairie.id,
  });
  return luc;
}

async function seedAll(db: Db, storage: Storage, passwordHash: string) {
  const ensure = async (values: accountsRepo.NewUser) =>
    (await accountsRepo.findUserByEmail(db, values.email)) ?? (await accountsRepo.insertUser(db, { ...values, passwordHash }));

  await ensure({ email: 'admin@demo.meltway.ca', fullname: 'Avery Admin', role: 'admin', status: 'approved', phone: '4165550100', phoneCode: '+1', address: '100 King Street West, Toronto, ON' });
  const dealers = await seedDealers(ensure);
  const luc = await seedContractors(ensure, dealers);
  await ensure({ email: 'customer@demo.meltway.ca', fullname: 'Chris Customer', role: 'customer', status: 'approved', phoneCode: '+1' });
  const catalogue = await seedCatalogue(db, storage);
  await seedCommerce(db, { dealerId: dealers.northern.id, contractorId: luc.id });
  await seedContent(db, storage);
  await seedAcademy(db, storage);
  return catalogue;
}
