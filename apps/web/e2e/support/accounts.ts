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

/**
 * Headers that make a request come from an address of its own (TEST-NET-2, RFC 5737), as people signing up from
 * their own offices do: the test server trusts the proxy header, so the per-address sign-up limit counts each
 * person apart instead of the whole suite as one visitor.
 */
export function fromOwnAddress() {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  return { 'X-Forwarded-For': `198.51.${octet()}.${octet()}` };
}
