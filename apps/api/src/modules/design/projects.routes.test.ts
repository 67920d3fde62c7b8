import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartOut } from '@meltway/shared/cart-checkout/cart.schema';
import type { DesignResult } from '@meltway/shared/design/design.schema';
import { designMessages as m } from '@meltway/shared/design/messages';
import type { DesignCartOut, DesignProject, DesignSummary } from '@meltway/shared/design/project.schema';
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

  describe('the site and the installer', () => {
    const site = { siteAddress: '  12 Rue des Érables, Laval  ', siteOwner: 'Claire Tremblay', installerCompany: 'Robin Installations Inc.', installerLicence: 'RBQ 5678-1234-01' };

    it('starts blank, saves each field trimmed on create and on change, and leaves out fields as they were', async () => {
      const blank = await makeProject(t, customer);
      expect(blank).toMatchObject({ siteAddress: '', siteOwner: '', installerCompany: '', installerLicence: '' });
      const created = await req('POST', '/api/v1/designs', contractor, { name: 'Laval walk', input: DRIVEWAY, ...site });
      expect(created.statusCode).toBe(201);
      const saved = { ...site, siteAddress: '12 Rue des Érables, Laval' };
      expect(created.json()).toMatchObject(saved);
      // The permit pack prints what was saved, and the contractor who made it as who prepared it.
      const pack = (await pdfText((await req('GET', `/api/v1/designs/${created.json().id}/permit-pack.pdf`, contractor)).rawPayload)).pages.flat();
      for (const s of ['12 Rue des Érables, Laval', 'Claire Tremblay', 'Robin Installations Inc.', 'RBQ 5678-1234-01', 'Robin Installer']) expect(pack).toContain(s);

      const changed = await req('PUT', `/api/v1/designs/${blank.id}`, customer, { siteOwner: ' Sam Owner ', installerLicence: 'ECRA 7001234' });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toMatchObject({ siteAddress: '', siteOwner: 'Sam Owner', installerCompany: '', installerLicence: 'ECRA 7001234' });
      const renamed = await req('PUT', `/api/v1/designs/${blank.id}`, customer, { name: 'Renamed' });
      expect(renamed.json()).toMatchObject({ siteOwner: 'Sam Owner', installerLicence: 'ECRA 7001234' });
      expect((await req('PUT', `/api/v1/designs/${blank.id}`, customer, { siteOwner: '' })).json()).toMatchObject({ siteOwner: '' });
      expect((await req('GET', `/api/v1/designs/${blank.id}`, customer)).json()).toMatchObject({ siteOwner: '', installerLicence: 'ECRA 7001234' });
    });

    it('answers a field over 200 characters with a 400 naming it, and changes nothing', async () => {
      const project = await makeProject(t, customer);
      const long = 'x'.repeat(201);
      for (const [field, message] of [
        ['siteAddress', m.siteAddressTooLong],
        ['siteOwner', m.siteOwnerTooLong],
        ['installerCompany', m.installerCompanyTooLong],
        ['installerLicence', m.installerLicenceTooLong],
      ] as const) {
        const res = await req('PUT', `/api/v1/designs/${project.id}`, customer, { [field]: long });
        expect(res.statusCode).toBe(400);
        expect(res.json().issues).toContainEqual(issue(field, message));
        const create = await req('POST', '/api/v1/designs', customer, { name: 'Too long', input: DRIVEWAY, [field]: long });
        expect(create.json().issues).toContainEqual(issue(field, message));
      }
      expect((await req('PUT', `/api/v1/designs/${project.id}`, customer, { siteAddress: 'x'.repeat(200) })).statusCode).toBe(200);
      expect((await req('PUT', `/api/v1/designs/${project.id}`, customer, { siteOwner: 42 })).statusCode).toBe(400);
    });

    it('tells anyone but the owner and an admin that the project does not exist', async () => {
      const project = await makeProject(t, contractor);
      await req('PUT', `/api/v1/designs/${project.id}`, contractor, { shared: true });
      for (const s of [otherCustomer, dealer, otherDealer]) {
        expect((await req('PUT', `/api/v1/designs/${project.id}`, s, { siteOwner: 'Someone else' })).statusCode).toBe(404);
      }
      expect((await req('PUT', `/api/v1/designs/${project.id}`, undefined, { siteOwner: 'Nobody' })).statusCode).toBe(401);
      expect((await req('PUT', `/api/v1/designs/${project.id}`, admin, { installerCompany: 'Checked' })).json()).toMatchObject({ installerCompany: 'Checked' });
      expect((await req('GET', `/api/v1/designs/${project.id}`, dealer)).json()).toMatchObject({ siteOwner: '', installerCompany: 'Checked' });
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
      const { short, ...cart } = res.json() as DesignCartOut;
      expect(short).toEqual([]);
      const bom = project.result.bom;
      expect(cart.items.map((i) => [i.productId, i.quantity, i.unitPrice]).sort()).toEqual(bom.map((l) => [l.productId, l.quantity, l.unitPriceCents]).sort());
      expect(cart.subtotal).toBe(project.result.totals.priceCents);
      expect((await req('GET', '/api/v1/cart', buyer)).json()).toEqual(cart);

      // The demo stock holds two projects' worth: the second add doubles every line.
      for (const line of bom) expect(line.stock).toBeGreaterThanOrEqual(2 * line.quantity);
      const again = (await req('POST', `/api/v1/designs/${project.id}/cart`, buyer)).json() as DesignCartOut;
      for (const line of bom) {
        expect(again.items.find((i) => i.productId === line.productId)!.quantity).toBe(2 * line.quantity);
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

    /** Sets a product's stock as the catalogue's admin does. */
    const setStock = async (productId: string, stock: number) => expect((await req('PUT', `/api/v1/products/${productId}`, admin, { stock })).statusCode).toBe(200);
    /** The BOM line with the most units (the one a short stock is tried on), and the product's stock now. */
    const biggestLine = (project: DesignProject) => [...project.result.bom].sort((a, b) => b.quantity - a.quantity)[0]!;
    const quantities = (cart: CartOut) => Object.fromEntries(cart.items.map((i) => [i.productId, i.quantity]));

    it('adds nothing and names each short line (needed, in stock) when the stock cannot take the whole BOM; partial adds what is in stock', async () => {
      const buyer = await actorOf(t, 'customer');
      const project = await makeProject(t, buyer);
      const line = biggestLine(project);
      const stock = line.stock;
      await setStock(line.productId, line.quantity - 1);
      try {
        const before = (await req('GET', '/api/v1/cart', buyer)).json() as CartOut;
        const res = await req('POST', `/api/v1/designs/${project.id}/cart`, buyer);
        expect(res.statusCode).toBe(409);
        const expectedLine = { productId: line.productId, sku: line.sku, needed: line.quantity, inStock: line.quantity - 1, inCart: 0 };
        expect(res.json()).toEqual({
          code: 'design.stockShort',
          message: m.stockShort.replace('{count}', '1'),
          params: { count: 1, lines: [expectedLine] },
        });
        expect((await req('GET', '/api/v1/cart', buyer)).json()).toEqual(before);

        const partial = await req('POST', `/api/v1/designs/${project.id}/cart`, buyer, { partial: true });
        expect(partial.statusCode).toBe(200);
        const cart = partial.json() as DesignCartOut;
        expect(cart.short).toEqual([expectedLine]);
        expect(quantities(cart)).toEqual(Object.fromEntries(project.result.bom.map((l) => [l.productId, l.productId === line.productId ? line.quantity - 1 : l.quantity])));
        const { short: _short, ...plain } = cart;
        expect((await req('GET', '/api/v1/cart', buyer)).json()).toEqual(plain);
      } finally {
        await setStock(line.productId, stock);
      }
    });

    it('counts what the cart already holds: short when the cart and the design together pass the stock', async () => {
      const buyer = await actorOf(t, 'customer');
      const project = await makeProject(t, buyer);
      const line = biggestLine(project);
      const stock = line.stock;
      const held = 3;
      await setStock(line.productId, line.quantity + held - 1);
      try {
        expect((await req('PUT', `/api/v1/cart/items/${line.productId}`, buyer, { quantity: held })).statusCode).toBe(200);
        const res = await req('POST', `/api/v1/designs/${project.id}/cart`, buyer);
        expect(res.statusCode).toBe(409);
        const expectedLine = { productId: line.productId, sku: line.sku, needed: line.quantity, inStock: line.quantity + held - 1, inCart: held };
        expect(res.json().params.lines).toEqual([expectedLine]);
        expect(quantities((await req('GET', '/api/v1/cart', buyer)).json())).toEqual({ [line.productId]: held });

        const partial = (await req('POST', `/api/v1/designs/${project.id}/cart`, buyer, { partial: true })).json() as DesignCartOut;
        expect(partial.short).toEqual([expectedLine]);
        // The cart reaches the stock on the short line, and holds the design's quantity of every other.
        expect(quantities(partial)).toEqual(Object.fromEntries(project.result.bom.map((l) => [l.productId, l.productId === line.productId ? line.quantity + held - 1 : l.quantity])));

        // A stock that just covers the cart and the design is not short.
        const exact = await actorOf(t, 'customer');
        const mine = await makeProject(t, exact);
        await setStock(line.productId, line.quantity + held);
        await req('PUT', `/api/v1/cart/items/${line.productId}`, exact, { quantity: held });
        const whole = await req('POST', `/api/v1/designs/${mine.id}/cart`, exact);
        expect(whole.statusCode).toBe(200);
        expect((whole.json() as DesignCartOut).short).toEqual([]);
        expect(quantities(whole.json())[line.productId]).toBe(line.quantity + held);
      } finally {
        await setStock(line.productId, stock);
      }
    });

    it('refuses a partial flag that is not true or false', async () => {
      const project = await makeProject(t, customer);
      const res = await req('POST', `/api/v1/designs/${project.id}/cart`, customer, { partial: 'yes' });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toContainEqual(issue('partial', m.cartPartialInvalid));
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
