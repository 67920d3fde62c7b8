/** The first admin the test server creates from its environment. */
export const ADMIN = { email: 'root-admin@meltway.test', password: 'Root1234!' };

/** Accounts the demo seed creates (SEED_DEMO=1); they share one password. */
export const DEMO_PASSWORD = 'Demo1234!';
export const DEMO = {
  admin: 'admin@demo.meltway.ca',
  dealer: 'dealer@demo.meltway.ca',
  customer: 'customer@demo.meltway.ca',
  contractor: 'contractor@demo.meltway.ca',
  pendingContractor: 'pending.contractor@demo.meltway.ca',
} as const;

export const APPROVED_DEALER = 'Northern Heat Supply';

/** A fresh address per run, so journeys can be repeated against the same data folder. */
export function uniqueEmail(prefix: string) {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@e2e.meltway.test`;
}
