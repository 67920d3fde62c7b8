import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartOut } from '@meltway/shared/commerce/cart.schema';
import type { DesignResult } from '@meltway/shared/design/design.schema';
import { designMessages as m } from '@meltway/shared/design/messages';
import type { DesignProject, DesignSummary } from '@meltway/shared/design/project.schema';
import { pdfText } from '@meltway/shared/common/test/pdf-text';
import { designCast, DRIVEWAY, makeProject } from '../../test/design-fixtures.js';
import { actorOf, createTestApp, issue, MISSING, requester, type Session, type TestApp } from '../../test/harness.js';

describe('layout projects', () => {
  let t: TestApp;
  let admin: Session, dealer: Session, otherDealer: Session, contractor: Session, customer: Session, otherCustomer: Session;

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin, dealer, otherDealer, contractor, customer } = await designCast(t));
    otherCustomer = await actorOf(t, 'customer');
  });
  afterAll(() => t.close());

  const req = requester(() => t);
  const calculated = async (input: unknown) => (await t.app.inject({ method: 'POST', url: '/api/v1/design/calculate', payload: input as never })).json() as DesignResult;

  describe('saving and reading', () => {
    it('saves a project designed by the server, whatever result the client sends', async () => {
      const forged = { totals: { watts: 1, amps: 1, areaM2: 1, heatedAreaM2: 1, priceCents: 1 }, bom: [] };
      const res = await req('POST', '/api/v1/designs', customer, { name: '  Front driveway  ', input: DRIVEWAY, result: forged, status: 'inspected', shared: true });
      expect(res.statusCode).toBe(201);
      const project = res.json() as DesignProject;
      const expected = await calculated(DRIVEWAY);
      expect(project).toMatchObject({
        name: 'Front driveway',
        status: 'designed',
        shared: false,
        editable: true,
        ownerName: customer.user.fullname,
        ownerRole: 'customer',
        areaM2: 18,
        watts: Math.round(expected.totals.watts),
        priceCents: expected.totals.priceCents,
        readings: [],
        photos: [],
      });
      expect(project.result.bom).toEqual(expected.bom);
      expect(project.units.length).toBeGreaterThan(0);
      expect((await req('GET', `/api/v1/designs/${project.id}`, customer)).json()).toEqual(project);
    });

    it('answers bad input with a 400 naming the field, inside the design too', async () => {
      const noName = await req('POST', '/api/v1/designs', customer, { name: ' ', input: DRIVEWAY });
      expect(noName.statusCode).toBe(400);
      expect(noName.json().issues).toContainEqual(issue('name', m.designNameRequired));
      const noArea = await req('POST', '/api/v1/designs', customer, { name: 'Walk', input: { ...DRIVEWAY, areas: [] } });
      expect(noArea.statusCode).toBe(400);
      expect(noArea.json().issues).toContainEqual(issue('input.areas', m.areasRequired));
      const unsupported = await req('POST', '/api/v1/designs', customer, { name: 'Walk', input: { ...DRIVEWAY, voltage: 347 } });
      expect(unsupported.statusCode).toBe(400);
      expect(unsupported.json().issues[0]).toMatchObject({ path: 'input.voltage', code: 'design.voltageUnsupported' });
      const put = await req('PUT', `/api/v1/designs/${(await makeProject(t, customer)).id}`, customer, { input: { ...DRIVEWAY, areas: [{ name: 'Walk', widthM: -1, lengthM: 3 }] } });
      expect(put.statusCode).toBe(400);
      expect(put.json().issues).toContainEqual(issue('input.areas.0.widthM', m.sizeInvalid));
    });

    it('asks for a sign-in, and tells everyone else a project does not exist', async () => {
      const project = await makeProject(t, customer);
      expect((await req('GET', '/api/v1/designs')).statusCode).toBe(401);
      expect((await req('POST', '/api/v1/designs', undefined, { name: 'x', input: DRIVEWAY })).statusCode).toBe(401);
      expect((await req('GET', `/api/v1/designs/${project.id}`)).statusCode).toBe(401);
      for (const s of [otherCustomer, dealer, contractor]) {
        expect((await req('GET', `/api/v1/designs/${project.id}`, s)).json()).toMatchObject({ code: 'design.designNotFound' });
        expect((await req('PUT', `/api/v1/designs/${project.id}`, s, { name: 'Mine now' })).statusCode).toBe(404);
        expect((await req('DELETE', `/api/v1/designs/${project.id}`, s)).statusCode).toBe(404);
      }
      expect((await req('GET', `/api/v1/designs/${MISSING}`, customer)).statusCode).toBe(404);
      expect((await req('GET', '/api/v1/designs/not-an-id', customer)).statusCode).toBe(400);
    });

    it('lists the caller’s own projects, most recently saved first, a page at a time', async () => {
      const lister = await actorOf(t, 'customer');
      const made: string[] = [];
      for (const name of ['First', 'Second', 'Third']) made.push((await makeProject(t, lister, { name })).id);
      await makeProject(t, otherCustomer, { name: 'Not theirs' });
      const page1 = (await req('GET', '/api/v1/designs?page=1&pageSize=2', lister)).json() as { items: DesignSummary[]; total: number };
      expect(page1.total).toBe(3);
      expect(page1.items.map((i) => i.name)).toEqual(['Third', 'Second']);
      expect(page1.items[0]).toEqual({
        id: made[2],
        name: 'Third',
        status: 'designed',
        shared: false,
        ownerName: lister.user.fullname,
        ownerRole: 'customer',
        areaM2: 18,
        watts: expect.any(Number),
        priceCents: expect.any(Number),
        updatedAt: expect.any(String),
      });
      const page2 = (await req('GET', '/api/v1/designs?page=2&pageSize=2', lister)).json() as { items: DesignSummary[]; total: number };
      expect(page2.items.map((i) => i.name)).toEqual(['First']);
      // Renaming saves it again: it comes first.
      await req('PUT', `/api/v1/designs/${made[0]}`, lister, { name: 'First, renamed' });
      expect((await req('GET', '/api/v1/designs', lister)).json().items[0].name).toBe('First, renamed');
      expect((await req('GET', '/api/v1/designs?pageSize=500', lister)).statusCode).toBe(400);
    });

    it('redesigns on every save of the input, renames, and deletes', async () => {
      const project = await makeProject(t, customer);
      const bigger = { ...DRIVEWAY, areas: [{ name: 'Driveway', widthM: 3, lengthM: 9 }] };
      const res = await req('PUT', `/api/v1/designs/${project.id}`, customer, { input: bigger, name: 'Longer driveway' });
      expect(res.statusCode).toBe(200);
      const expected = await calculated(bigger);
      expect(res.json()).toMatchObject({ name: 'Longer driveway', areaM2: 27, priceCents: expected.totals.priceCents, input: bigger });
      expect((res.json() as DesignProject).result.bom).toEqual(expected.bom);
      const deleted = await req('DELETE', `/api/v1/designs/${project.id}`, customer);
      expect(deleted.statusCode).toBe(204);
      expect((await req('GET', `/api/v1/designs/${project.id}`, customer)).statusCode).toBe(404);
      expect((await req('DELETE', `/api/v1/designs/${project.id}`, customer)).statusCode).toBe(404);
    });
  });

  describe('sharing with the dealer', () => {
    it('lets a contractor share with its dealer, who reads it but may not change it; another dealer never sees it', async () => {
      const project = await makeProject(t, contractor, { name: 'Clinic ramp' });
      // Not shared yet: the dealer is told it does not exist.
      expect((await req('GET', `/api/v1/designs/${project.id}`, dealer)).statusCode).toBe(404);
      expect((await req('GET', '/api/v1/designs', dealer)).json().items.some((i: DesignSummary) => i.id === project.id)).toBe(false);

      const shared = await req('PUT', `/api/v1/designs/${project.id}`, contractor, { shared: true });
      expect(shared.statusCode).toBe(200);
      expect(shared.json()).toMatchObject({ shared: true, editable: true, orderable: true });

      const seen = await req('GET', `/api/v1/designs/${project.id}`, dealer);
      expect(seen.statusCode).toBe(200);
      expect(seen.json()).toMatchObject({ id: project.id, ownerName: 'Robin Installer', ownerRole: 'contractor', editable: false, orderable: false });
      const listed = (await req('GET', '/api/v1/designs', dealer)).json() as { items: DesignSummary[] };
      expect(listed.items.find((i) => i.id === project.id)).toMatchObject({ shared: true, ownerName: 'Robin Installer' });
      expect((await req('PUT', `/api/v1/designs/${project.id}`, dealer, { name: 'Dealer edit' })).statusCode).toBe(404);
      expect((await req('DELETE', `/api/v1/designs/${project.id}`, dealer)).statusCode).toBe(404);
      expect((await req('POST', `/api/v1/designs/${project.id}/cart`, dealer)).statusCode).toBe(404);

      expect((await req('GET', `/api/v1/designs/${project.id}`, otherDealer)).statusCode).toBe(404);
      expect((await req('GET', '/api/v1/designs', otherDealer)).json().items.some((i: DesignSummary) => i.id === project.id)).toBe(false);

      // Unshared again: gone from the dealer's view.
      await req('PUT', `/api/v1/designs/${project.id}`, contractor, { shared: false });
      expect((await req('GET', `/api/v1/designs/${project.id}`, dealer)).statusCode).toBe(404);
    });

    it('refuses sharing a project whose owner is not a contractor', async () => {
      for (const s of [customer, dealer]) {
        const project = await makeProject(t, s);
        const res = await req('PUT', `/api/v1/designs/${project.id}`, s, { shared: true });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'design.shareNoDealer', issues: [issue('shared', m.shareNoDealer)] });
      }
    });

    it('lets an admin see, change and delete anybody’s project', async () => {
      const project = await makeProject(t, contractor);
      const listed = (await req('GET', '/api/v1/designs?pageSize=100', admin)).json() as { items: DesignSummary[]; total: number };
      expect(listed.items.some((i) => i.id === project.id)).toBe(true);
      expect((await req('GET', `/api/v1/designs/${project.id}`, admin)).json()).toMatchObject({ editable: true, orderable: false });
      expect((await req('PUT', `/api/v1/designs/${project.id}`, admin, { name: 'Checked by staff' })).json()).toMatchObject({ name: 'Checked by staff' });
      // The cart is its owner's alone.
      expect((await req('POST', `/api/v1/designs/${project.id}/cart`, admin)).statusCode).toBe(404);
      expect((await req('DELETE', `/api/v1/designs/${project.id}`, admin)).statusCode).toBe(204);
    });
  });

  describe('adding the bill of materials to the cart', () => {
    it('adds every line at the BOM’s quantities and live prices, then adds to what the cart holds', async () => {
      const buyer = await actorOf(t, 'contractor', { dealerId: dealer.user.id });
      const project = await makeProject(t, buyer);
      const res = await req('POST', `/api/v1/designs/${project.id}/cart`, buyer);
      expect(res.statusCode).toBe(200);
      const cart = res.json() as CartOut;
      const bom = project.result.bom;
      expect(cart.items.map((i) => [i.productId, i.quantity, i.unitPrice]).sort()).toEqual(bom.map((l) => [l.productId, l.quantity, l.unitPriceCents]).sort());
      expect(cart.subtotal).toBe(project.result.totals.priceCents);
      expect((await req('GET', '/api/v1/cart', buyer)).json()).toEqual(cart);

      const again = (await req('POST', `/api/v1/designs/${project.id}/cart`, buyer)).json() as CartOut;
      for (const line of bom) {
        expect(again.items.find((i) => i.productId === line.productId)!.quantity).toBe(Math.min(2 * line.quantity, line.stock));
      }
    });

    it('prices the lines at the catalogue’s price now, not the saved one', async () => {
      const buyer = await actorOf(t, 'customer');
      const project = await makeProject(t, buyer);
      const line = project.result.bom[0]!;
      await req('PUT', `/api/v1/products/${line.productId}`, admin, { price: line.unitPriceCents + 500 });
      const cart = (await req('POST', `/api/v1/designs/${project.id}/cart`, buyer)).json() as CartOut;
      expect(cart.items.find((i) => i.productId === line.productId)!.unitPrice).toBe(line.unitPriceCents + 500);
      await req('PUT', `/api/v1/products/${line.productId}`, admin, { price: line.unitPriceCents });
    });

    it('asks for a sign-in and answers 404 for a project that is not the caller’s', async () => {
      const project = await makeProject(t, customer);
      expect((await req('POST', `/api/v1/designs/${project.id}/cart`)).statusCode).toBe(401);
      expect((await req('POST', `/api/v1/designs/${project.id}/cart`, otherCustomer)).statusCode).toBe(404);
      expect((await req('POST', `/api/v1/designs/${MISSING}/cart`, customer)).statusCode).toBe(404);
    });
  });

  describe('the permit pack', () => {
    it('is a PDF named after the project, in English or French, for whoever may read the project', async () => {
      const project = await makeProject(t, contractor, { name: 'Côté Clinic — Ramp' });
      await req('PUT', `/api/v1/designs/${project.id}`, contractor, { shared: true });
      const res = await req('GET', `/api/v1/designs/${project.id}/permit-pack.pdf`, contractor);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe('attachment; filename="cote-clinic-ramp-permit-pack.pdf"');
      expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const english = (await pdfText(res.rawPayload)).pages.flat().join(' ');
      expect(english).toContain('Permit pack');

      const fr = await req('GET', `/api/v1/designs/${project.id}/permit-pack.pdf?lang=fr`, dealer);
      expect(fr.statusCode).toBe(200);
      const french = (await pdfText(fr.rawPayload)).pages.flat().join(' ');
      expect(french).not.toContain('Permit pack');

      expect((await req('GET', `/api/v1/designs/${project.id}/permit-pack.pdf`, admin)).statusCode).toBe(200);
      expect((await req('GET', `/api/v1/designs/${project.id}/permit-pack.pdf`, otherDealer)).statusCode).toBe(404);
      expect((await req('GET', `/api/v1/designs/${project.id}/permit-pack.pdf`, customer)).statusCode).toBe(404);
      expect((await req('GET', `/api/v1/designs/${project.id}/permit-pack.pdf`)).statusCode).toBe(401);
      expect((await req('GET', `/api/v1/designs/${project.id}/permit-pack.pdf?lang=de`, contractor)).statusCode).toBe(400);
    });
  });
});
