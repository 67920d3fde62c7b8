import { DESIGN_INPUT } from '@meltway/shared/design/test/driveway';
import type { DesignProject } from '@meltway/shared/design/project.schema';
import { seedCatalogue } from '../seed/seed-catalogue.js';
import { actorOf, type Session, type TestApp } from './harness.js';

/** The route-access table's driveway: 3 m × 6 m with a drain, a stated storm, 240 V mats, Ontario prices. */
export const DRIVEWAY = DESIGN_INPUT;

/** Seeds the demo catalogue (240 V mats and cables, controls, GFEP breakers, accessories) the engine designs with. */
export const seedDesignCatalogue = (t: TestApp) => seedCatalogue(t.db, t.deps.storage);

/** Saves a project as `s` through the API and returns it. */
export async function makeProject(t: TestApp, s: Session, values: { name?: string; input?: unknown } = {}): Promise<DesignProject> {
  const payload = { name: values.name ?? 'Front driveway', input: values.input ?? DRIVEWAY };
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/designs', headers: s.auth, payload: payload as never });
  if (res.statusCode !== 201) throw new Error(`design: ${res.statusCode} ${res.body}`);
  return res.json();
}

/**
 * The design suites' app and people, on the demo catalogue: an admin, a dealer with its contractor (Robin
 * Installer), another dealer, and a customer.
 */
export async function designCast(t: TestApp) {
  await seedDesignCatalogue(t);
  const admin = await actorOf(t, 'admin');
  const dealer = await actorOf(t, 'dealer');
  const otherDealer = await actorOf(t, 'dealer');
  const contractor = await actorOf(t, 'contractor', { dealerId: dealer.user.id, fullname: 'Robin Installer' });
  const customer = await actorOf(t, 'customer');
  return { admin, dealer, otherDealer, contractor, customer };
}
