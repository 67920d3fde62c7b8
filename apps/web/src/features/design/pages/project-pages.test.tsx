import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import type { DesignResult } from '@meltway/shared/design/design.schema';
import { sessionStore, type SessionUser } from '@/lib/session';
import { renderRoutes } from '@/test/render';
import { permitPackFileName } from '../api/projects';
import { COPY_ID, judged, PROJECT_ID, projectOf, stubProjectApi } from '../project-test-api';
import ProjectPage from './project-page';
import ProjectsPage from './projects-page';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('@/lib/notify', () => ({ notify }));
// The generator's own view of a result has its own tests; here it only has to receive the project's result.
vi.mock('../components/design-result-view', () => ({
  DesignResultView: ({ result }: { result: DesignResult }) => <p>Design view of {result.totals.priceCents} cents</p>,
}));

const contractor = { id: '00000000-0000-4000-8000-00000000c001', fullname: 'Chris Contractor', email: 'contractor@demo.meltway.ca', role: 'contractor' } as SessionUser;
const dealer = { id: '00000000-0000-4000-8000-00000000c002', fullname: 'Dana Dealer', email: 'dealer@demo.meltway.ca', role: 'dealer' } as SessionUser;
const projectPath = `/api/v1/designs/${PROJECT_ID}`;

const onCart = vi.fn();
const projectRoutes: RouteObject[] = [
  { path: '/layout-generator/projects/:id', element: <ProjectPage onCart={onCart} /> },
  { path: '/layout-generator/projects', element: <p>the list</p> },
];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  sessionStore.clear();
});

describe('my projects', () => {
  beforeEach(() => sessionStore.set({ user: contractor, access_token: 'a', refresh_token: 'r' }));

  it('lists them in the one DataTable with status, owner, load and price, each opening its page', async () => {
    const api = stubProjectApi({ 'GET /api/v1/designs': { items: [projectOf({ shared: true, status: 'ordered' })], total: 1 } });
    renderRoutes('/layout-generator/projects', [{ path: '/layout-generator/projects', element: <ProjectsPage /> }]);
    const table = await screen.findByRole('table', { name: 'My projects' });
    expect(await within(table).findByRole('link', { name: 'Driveway, 12 Elm Street' })).toHaveAttribute('href', `/layout-generator/projects/${PROJECT_ID}`);
    expect(within(table).getByText('Ordered')).toBeInTheDocument();
    expect(within(table).getByText('Shared')).toBeInTheDocument();
    expect(within(table).getByText('Chris Contractor (Contractor)')).toBeInTheDocument();
    expect(within(table).getByText('9,600 W')).toBeInTheDocument();
    expect(within(table).getByText('24 m²')).toBeInTheDocument();
    expect(within(table).getByText('$4,825.00')).toBeInTheDocument();
    expect(api.to('GET', '/api/v1/designs')[0]!.query.get('page')).toBe('1');
  });

  it('says what to do when there are none yet, with the way to design one', async () => {
    stubProjectApi({ 'GET /api/v1/designs': { items: [], total: 0 } });
    renderRoutes('/layout-generator/projects', [{ path: '/layout-generator/projects', element: <ProjectsPage /> }]);
    expect(await screen.findByText(/No saved projects yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Design a system' })).toHaveAttribute('href', '/layout-generator');
  });
});

describe('a project', () => {
  beforeEach(() => sessionStore.set({ user: contractor, access_token: 'a', refresh_token: 'r' }));

  it('shows its name, where it stands, what inspection still needs, its design and its tests', async () => {
    stubProjectApi({ [`GET ${projectPath}`]: projectOf() });
    renderRoutes(`/layout-generator/projects/${PROJECT_ID}`, projectRoutes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Driveway, 12 Elm Street' })).toBeInTheDocument();
    const steps = screen.getByRole('list', { name: 'Project status' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(4);
    expect(within(steps).getByText('Designed').closest('li')).toHaveAttribute('aria-current', 'step');
    expect(screen.getByText('Not yet tested before the pour: A2\u2011M1')).toBeInTheDocument();
    expect(screen.getByText('Design view of 482500 cents')).toBeInTheDocument();
    const units = screen.getByRole('table', { name: 'Mats and cables of the project' });
    const first = within(units).getByText('A1-M1').closest('tr')!;
    // Every unit in one table, both phases typed in place, each box holding what was recorded.
    expect(within(first).getByLabelText('Insulation resistance of A1-M1 before the pour (MΩ)')).toHaveValue('1500');
    expect(within(first).getByLabelText('Continuity of A1-M1 before the pour (Ω)')).toHaveValue('64');
    expect(within(first).getByLabelText('Insulation resistance of A1-M1 after the pour (MΩ)')).toHaveValue('');
    // 900 W at 240 V: R = 240² / 900 = 64 Ω, ±10%.
    expect(within(first).getByText('≥ 100 MΩ')).toBeInTheDocument();
    expect(within(first).getByText('64 Ω ± 10%: 57.6–70.4 Ω')).toBeInTheDocument();
    expect(within(first).getByText('Passed')).toBeInTheDocument();
    expect(within(first).getByText('Not tested')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit design' })).toHaveAttribute('href', `/layout-generator?project=${PROJECT_ID}`);
  });

  it('moves the status one step forward', async () => {
    const api = stubProjectApi({ [`GET ${projectPath}`]: projectOf(), [`PUT ${projectPath}`]: projectOf({ status: 'ordered' }) });
    const { user } = renderRoutes(`/layout-generator/projects/${PROJECT_ID}`, projectRoutes);
    await user.click(await screen.findByRole('button', { name: 'Mark as ordered' }));
    expect(await screen.findByRole('button', { name: 'Mark as installed' })).toBeInTheDocument();
    expect(api.to('PUT', projectPath)[0]!.body).toEqual({ status: 'ordered' });
    expect(notify.success).toHaveBeenCalledWith('The project is now ordered.');
  });

  it('is renamed in place', async () => {
    const api = stubProjectApi({ [`GET ${projectPath}`]: projectOf(), [`PUT ${projectPath}`]: projectOf({ name: 'Front driveway' }) });
    const { user } = renderRoutes(`/layout-generator/projects/${PROJECT_ID}`, projectRoutes);
    await user.click(await screen.findByRole('button', { name: 'Rename' }));
    const box = screen.getByLabelText('Project name');
    await user.clear(box);
    await user.type(box, 'Front driveway');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Front driveway' })).toBeInTheDocument();
    expect(api.to('PUT', projectPath)[0]!.body).toEqual({ name: 'Front driveway' });
  });

  it('refuses an empty name without asking the server', async () => {
    const api = stubProjectApi({ [`GET ${projectPath}`]: projectOf() });
    const { user } = renderRoutes(`/layout-generator/projects/${PROJECT_ID}`, projectRoutes);
    await user.click(await screen.findByRole('button', { name: 'Rename' }));
    await user.clear(screen.getByLabelText('Project name'));
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Name the project')).toBeInTheDocument();
    expect(api.to('PUT', projectPath)).toHaveLength(0);
  });

  it('adds its bill of materials to the cart and hands the cart on', async () => {
    const cart = { items: [], itemCount: 7, subtotal: 482_500, currency: 'CAD', canCheckout: true, short: [] };
    const api = stubProjectApi({ [`GET ${projectPath}`]: projectOf(), [`POST ${projectPath}/cart`]: cart });
    const { user } = renderRoutes(`/layout-generator/projects/${PROJECT_ID}`, projectRoutes);
    await user.click(await screen.findByRole('button', { name: 'Add all to cart' }));
    expect(await screen.findByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart');
    expect(api.to('POST', `${projectPath}/cart`)).toHaveLength(1);
    expect(onCart).toHaveBeenCalledWith(cart);
  });

  it('adds nothing when the stock is short, names each short line, and on request adds what is in stock and shows what is missing', async () => {
    const mat = { productId: '00000000-0000-4000-8000-0000000000a1', sku: 'MW-MAT-240-3', name: 'Mat 0.6 × 5 m, 240 V', nameFr: null, role: 'mat', quantity: 32, unitPriceCents: 20_900, lineTotalCents: 668_800, stock: 28 };
    const result = { totals: { priceCents: 482_500 }, bom: [mat] } as unknown as DesignResult;
    const line = { productId: mat.productId, sku: mat.sku, needed: 32, inStock: 28, inCart: 0 };
    const cart = { items: [], itemCount: 28, subtotal: 585_200, currency: 'CAD', canCheckout: true, short: [line] };
    const api = stubProjectApi({
      [`GET ${projectPath}`]: projectOf({ result }),
      [`POST ${projectPath}/cart`]: (request: { body: unknown }) =>
        (request.body as { partial?: boolean }).partial
          ? cart
          : Response.json(
              { message: "Not enough stock for 1 of this project's products: nothing was added to the cart", code: 'design.stockShort', params: { count: 1, lines: [line] } },
              { status: 409 },
            ),
    });
    const { user } = renderRoutes(`/layout-generator/projects/${PROJECT_ID}`, projectRoutes);
    await user.click(await screen.findByRole('button', { name: 'Add all to cart' }));
    const offer = await screen.findByRole('alert');
    expect(offer).toHaveTextContent('Not enough stock for 1 product of this bill of materials: nothing was added to the cart.');
    expect(offer).toHaveTextContent('Mat 0.6 × 5 m, 240 V (MW-MAT-240-3): the design needs 32, 28 in stock. 28 can be added, 4 missing.');
    expect(onCart).not.toHaveBeenCalled();
    expect(notify.success).not.toHaveBeenCalled();
    expect(screen.queryByRole('link', { name: 'View cart' })).not.toBeInTheDocument();
    expect(api.to('POST', `${projectPath}/cart`)[0]!.body).toEqual({});

    await user.click(within(offer).getByRole('button', { name: 'Add what is in stock' }));
    const after = await screen.findByText(/What was in stock is in your cart\. 1 product is still short/);
    expect(after.closest('[role="status"]')).toHaveTextContent('the design needs 32, 28 in stock. 4 missing.');
    expect(api.to('POST', `${projectPath}/cart`)[1]!.body).toEqual({ partial: true });
    expect(onCart).toHaveBeenCalledWith(cart);
    expect(notify.success).toHaveBeenCalledWith('What was in stock is in your cart.');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText(/still short/)).not.toBeInTheDocument();
  });

  it('counts what the cart already holds in the short line, and adds nothing when asked to', async () => {
    const mat = { productId: '00000000-0000-4000-8000-0000000000a1', sku: 'MW-MAT-240-3', name: 'Mat', nameFr: 'Natte', role: 'mat', quantity: 10, unitPriceCents: 1, lineTotalCents: 10, stock: 12 };
    const line = { productId: mat.productId, sku: mat.sku, needed: 10, inStock: 12, inCart: 5 };
    const api = stubProjectApi({
      [`GET ${projectPath}`]: projectOf({ result: { totals: { priceCents: 10 }, bom: [mat] } as unknown as DesignResult }),
      [`POST ${projectPath}/cart`]: Response.json({ message: 'short', code: 'design.stockShort', params: { count: 1, lines: [line] } }, { status: 409 }),
    });
    const { user } = renderRoutes(`/layout-generator/projects/${PROJECT_ID}`, projectRoutes);
    await user.click(await screen.findByRole('button', { name: 'Add all to cart' }));
    const offer = await screen.findByRole('alert');
    expect(offer).toHaveTextContent('Mat (MW-MAT-240-3): the design needs 10, 12 in stock. Your cart already holds 5. 7 can be added, 3 missing.');
    await user.click(within(offer).getByRole('button', { name: 'Add nothing' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.to('POST', `${projectPath}/cart`)).toHaveLength(1);
  });

  it('keeps its site and installer: typed in, saved, and a server refusal shown at its field', async () => {
    const saved = projectOf({ siteOwner: 'Sam Owner', installerCompany: 'Elm Electric', installerLicence: 'ECRA 7001234' });
    let refuse = true;
    const api = stubProjectApi({
      [`GET ${projectPath}`]: projectOf(),
      [`PUT ${projectPath}`]: () =>
        refuse
          ? ((refuse = false),
            Response.json(
              { message: 'A licence number can be at most 200 characters', code: 'design.installerLicenceTooLong', issues: [{ path: 'installerLicence', code: 'design.installerLicenceTooLong', message: 'A licence number can be at most 200 characters' }] },
              { status: 400 },
            ))
          : saved,
    });
    const { user } = renderRoutes(`/layout-generator/projects/${PROJECT_ID}`, projectRoutes);
    const panel = await screen.findByRole('region', { name: 'Site and installer' });
    expect(within(panel).getByLabelText('Site address')).toHaveValue('12 Elm Street, Ottawa');
    const owner = within(panel).getByLabelText('Site owner');
    await user.clear(owner);
    await user.type(owner, 'Sam Owner');
    await user.type(within(panel).getByLabelText('Installer company'), 'Elm Electric');
    await user.type(within(panel).getByLabelText('Installer licence number'), 'ECRA 7001234');
    await user.click(within(panel).getByRole('button', { name: 'Save site and installer' }));
    expect(await within(panel).findByText('A licence number can be at most 200 characters')).toBeInTheDocument();
    expect(within(panel).getByLabelText('Installer licence number')).toHaveFocus();
    await user.click(within(panel).getByRole('button', { name: 'Save site and installer' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Site and installer saved'));
    expect(api.to('PUT', projectPath)[1]!.body).toEqual({ siteAddress: '12 Elm Street, Ottawa', siteOwner: 'Sam Owner', installerCompany: 'Elm Electric', installerLicence: 'ECRA 7001234' });
  });

  it('refuses a site field over 200 characters without asking the server', async () => {
    const api = stubProjectApi({ [`GET ${projectPath}`]: projectOf() });
    const { user } = renderRoutes(`/layout-generator/projects/${PROJECT_ID}`, projectRoutes);
    const panel = await screen.findByRole('region', { name: 'Site and installer' });
    const address = within(panel).getByLabelText('Site address');
    // maxLength stops typing; a paste of a longer text is still checked.
    address.removeAttribute('maxlength');
    await user.clear(address);
    await user.click(address);
    await user.paste('x'.repeat(201));
    await user.click(within(panel).getByRole('button', { name: 'Save site and installer' }));
    expect(await within(panel).findByText('A site address can be at most 200 characters')).toBeInTheDocument();
    expect(api.to('PUT', projectPath)).toHaveLength(0);
  });

  it('downloads the permit pack in the reader’s language, with the bearer token', async () => {
    const api = stubProjectApi({
      [`GET ${projectPath}`]: projectOf(),
      [`GET ${projectPath}/permit-pack.pdf`]: () => new Response(new Blob(['%PDF-1.7']), { headers: { 'Content-Type': 'application/pdf' } }),
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pack'), revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderRoutes(`/layout-generator/projects/${PROJECT_ID}`, projectRoutes);
    await user.click(await screen.findByRole('button', { name: 'Download permit pack' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(api.to('GET', `${projectPath}/permit-pack.pdf`)[0]!.query.get('lang')).toBe('en');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('driveway-12-elm-street-permit-pack.pdf');
    click.mockRestore();
  });

  it('is copied under a new name and the copy opens', async () => {
    const api = stubProjectApi({
      [`GET ${projectPath}`]: projectOf(),
      'POST /api/v1/designs': projectOf({ id: COPY_ID, name: 'Copy of Driveway, 12 Elm Street' }),
    });
    const { user, router } = renderRoutes(`/layout-generator/projects/${PROJECT_ID}`, projectRoutes);
    await user.click(await screen.findByRole('button', { name: 'Duplicate' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/layout-generator/projects/${COPY_ID}`));
    expect(api.to('POST', '/api/v1/designs')[0]!.body).toEqual({ name: 'Copy of Driveway, 12 Elm Street', input: projectOf().input });
  });

  it('is deleted after asking, and the list opens', async () => {
    const api = stubProjectApi({ [`GET ${projectPath}`]: projectOf(), [`DELETE ${projectPath}`]: new Response(null, { status: 204 }) });
    const { user, router } = renderRoutes(`/layout-generator/projects/${PROJECT_ID}`, projectRoutes);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Driveway, 12 Elm Street?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/layout-generator/projects'));
    expect(api.to('DELETE', projectPath)).toHaveLength(1);
  });

  it('is shared with the contractor’s dealer by a switch', async () => {
    const api = stubProjectApi({ [`GET ${projectPath}`]: projectOf(), [`PUT ${projectPath}`]: projectOf({ shared: true }) });
    const { user } = renderRoutes(`/layout-generator/projects/${PROJECT_ID}`, projectRoutes);
    const share = await screen.findByRole('switch', { name: 'Share with my dealer' });
    expect(share).toHaveAttribute('aria-checked', 'false');
    await user.click(share);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Share with my dealer' })).toHaveAttribute('aria-checked', 'true'));
    expect(api.to('PUT', projectPath)[0]!.body).toEqual({ shared: true });
    expect(screen.getByText('Shared with dealer')).toBeInTheDocument();
  });

  const tested = (unit: string, phase: 'before' | 'after', insulationMOhm: number, continuityOhm: number, id = '00000000-0000-4000-8000-00000000e002') => ({
    id,
    unit,
    phase,
    insulationMOhm,
    continuityOhm,
    recordedAt: '2026-01-12T15:00:00.000Z',
    recordedBy: 'Chris Contractor',
    ...judged({ insulationMOhm, continuityOhm }, 900),
  });

  it('records a row’s tests with Enter after typing along it, reading a French decimal comma', async () => {
    const recorded = projectOf({ readings: [...projectOf().readings, tested('A2-M1', 'before', 2000, 63.5), tested('A2-M1', 'after', 1800, 64, '00000000-0000-4000-8000-00000000e003')] });
    const api = stubProjectApi({ [`GET ${projectPath}`]: projectOf(), [`POST ${projectPath}/readings`]: recorded });
    const { user } = renderRoutes(`/layout-generator/projects/${PROJECT_ID}`, projectRoutes);
    await user.click(await screen.findByLabelText('Insulation resistance of A2-M1 before the pour (MΩ)'));
    // Tab moves along the row: before's two boxes, then after's.
    await user.keyboard('2000');
    await user.tab();
    expect(screen.getByLabelText('Continuity of A2-M1 before the pour (Ω)')).toHaveFocus();
    await user.keyboard('63,5');
    await user.tab();
    expect(screen.getByLabelText('Insulation resistance of A2-M1 after the pour (MΩ)')).toHaveFocus();
    await user.keyboard('1800');
    await user.tab();
    await user.keyboard('64{Enter}');
    await waitFor(() => expect(api.to('POST', `${projectPath}/readings`)).toHaveLength(2));
    expect(api.to('POST', `${projectPath}/readings`).map((r) => r.body)).toEqual([
      { unit: 'A2-M1', phase: 'before', insulationMOhm: 2000, continuityOhm: 63.5 },
      { unit: 'A2-M1', phase: 'after', insulationMOhm: 1800, continuityOhm: 64 },
    ]);
    const row = within(screen.getByRole('table', { name: 'Mats and cables of the project' })).getByText('A2-M1').closest('tr')!;
    await waitFor(() => expect(within(row).getAllByText('Passed')).toHaveLength(2));
    expect(notify.success).toHaveBeenCalledWith('2 tests recorded');
  });

  it('shows a failed test as failed, with what failed and what to do', async () => {
    stubProjectApi({
      [`GET ${projectPath}`]: projectOf({ status: 'installed', readings: [tested('A1-M1', 'before', 0.4, 999), tested('A1-M1', 'after', 50, 64, '00000000-0000-4000-8000-00000000e003')] }),
    });
    renderRoutes(`/layout-generator/projects/${PROJECT_ID}`, projectRoutes);
    const row = (await screen.findByRole('table', { name: 'Mats and cables of the project' })).querySelector('tbody tr')!;
    expect(within(row as HTMLElement).getByText('Failed: insulation 0.4 MΩ is under 100 MΩ and continuity 999 Ω is outside 57.6–70.4 Ω')).toBeInTheDocument();
    expect(within(row as HTMLElement).getByText('Do not pour: find and repair the fault, or replace the unit, then test again.')).toBeInTheDocument();
    expect(within(row as HTMLElement).getByText('Failed: insulation 50 MΩ is under 100 MΩ')).toBeInTheDocument();
    expect(within(row as HTMLElement).getByText("Call the maker's support before energising.")).toBeInTheDocument();
    expect(within(row as HTMLElement).queryByText('Passed')).not.toBeInTheDocument();
    // The boxes are described by the verdict, so a screen reader hears it beside the figure.
    expect(screen.getByLabelText('Insulation resistance of A1-M1 before the pour (MΩ)')).toHaveAccessibleDescription(expect.stringContaining('Do not pour'));
  });

  it('refuses a test with one of its values missing, naming the box, without asking the server', async () => {
    const api = stubProjectApi({ [`GET ${projectPath}`]: projectOf() });
    const { user } = renderRoutes(`/layout-generator/projects/${PROJECT_ID}`, projectRoutes);
    await user.type(await screen.findByLabelText('Insulation resistance of A2-M1 before the pour (MΩ)'), '2000');
    await user.click(screen.getByRole('button', { name: 'Save all tests' }));
    const box = screen.getByLabelText('Continuity of A2-M1 before the pour (Ω)');
    await waitFor(() => expect(box).toHaveAttribute('aria-invalid', 'true'));
    expect(box).toHaveAccessibleDescription(expect.stringContaining('Enter a reading of 0 or more'));
    expect(box).toHaveFocus();
    expect(api.to('POST', `${projectPath}/readings`)).toHaveLength(0);
  });

  it('sends nothing for a row whose figures are the ones recorded', async () => {
    const api = stubProjectApi({ [`GET ${projectPath}`]: projectOf() });
    const { user } = renderRoutes(`/layout-generator/projects/${PROJECT_ID}`, projectRoutes);
    await user.click(await screen.findByRole('button', { name: 'Save the tests of A1-M1' }));
    await waitFor(() => expect(notify.info).toHaveBeenCalledWith('No new figures to save.'));
    expect(api.to('POST', `${projectPath}/readings`)).toHaveLength(0);
  });

  it('deletes a test after asking', async () => {
    const readingId = projectOf().readings[0]!.id;
    const api = stubProjectApi({ [`GET ${projectPath}`]: projectOf(), [`DELETE ${projectPath}/readings/${readingId}`]: projectOf({ readings: [] }) });
    const { user } = renderRoutes(`/layout-generator/projects/${PROJECT_ID}`, projectRoutes);
    await user.click(await screen.findByRole('button', { name: 'Delete the reading of A1-M1 before the pour' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the reading of A1-M1 before the pour?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.to('DELETE', `${projectPath}/readings/${readingId}`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete the reading of A1-M1 before the pour' })).not.toBeInTheDocument());
  });

  it('refuses a photo that is not a JPEG, PNG or WebP before sending it', async () => {
    const api = stubProjectApi({ [`GET ${projectPath}`]: projectOf() });
    renderRoutes(`/layout-generator/projects/${PROJECT_ID}`, projectRoutes);
    const input = await screen.findByLabelText('Add a photo');
    // The file picker would hide it; a file dropped or picked as "all files" still arrives.
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['GIF89a'], 'site.gif', { type: 'image/gif' }));
    expect(await screen.findByText('A photo must be a JPEG, PNG or WebP image')).toBeInTheDocument();
    expect(api.sent.filter((r) => r.path.endsWith('/photos'))).toHaveLength(0);
  });

  it('shows its photos, each with a way to delete it', async () => {
    stubProjectApi({
      [`GET ${projectPath}`]: projectOf({ photos: [{ id: '00000000-0000-4000-8000-00000000f001', url: '/uploads/site.jpg', createdAt: '2026-01-11T15:00:00.000Z' }] }),
    });
    renderRoutes(`/layout-generator/projects/${PROJECT_ID}`, projectRoutes);
    expect(await screen.findByRole('img', { name: /^Site photo 1, / })).toHaveAttribute('src', '/uploads/site.jpg');
    expect(screen.getByRole('button', { name: 'Delete photo 1' })).toBeInTheDocument();
  });

  it('keeps an inspected project’s tests and photos as the inspector saw them', async () => {
    stubProjectApi({
      [`GET ${projectPath}`]: projectOf({ status: 'inspected', missing: [], photos: [{ id: '00000000-0000-4000-8000-00000000f001', url: '/uploads/site.jpg', createdAt: '2026-01-11T15:00:00.000Z' }] }),
    });
    renderRoutes(`/layout-generator/projects/${PROJECT_ID}`, projectRoutes);
    expect(await screen.findByRole('img', { name: /^Site photo 1, / })).toBeInTheDocument();
    for (const name of ['Save all tests', 'Save the tests of A1-M1', 'Delete photo 1', 'Delete the reading of A1-M1 before the pour']) {
      expect(screen.queryByRole('button', { name }), name).not.toBeInTheDocument();
    }
    expect(screen.queryByLabelText('Add a photo')).not.toBeInTheDocument();
    // The project itself still belongs to its owner: renaming it stays possible.
    expect(screen.getByRole('button', { name: 'Rename' })).toBeInTheDocument();
  });

  it('is read-only for a dealer viewing a contractor’s shared project', async () => {
    sessionStore.set({ user: dealer, access_token: 'a', refresh_token: 'r' });
    stubProjectApi({
      [`GET ${projectPath}`]: projectOf({ editable: false, orderable: false, shared: true, photos: [{ id: '00000000-0000-4000-8000-00000000f001', url: '/uploads/site.jpg', createdAt: '2026-01-11T15:00:00.000Z' }] }),
    });
    renderRoutes(`/layout-generator/projects/${PROJECT_ID}`, projectRoutes);
    expect(await screen.findByText(/Chris Contractor shared this project with you/)).toBeInTheDocument();
    for (const name of ['Rename', 'Mark as ordered', 'Delete', 'Save all tests', 'Delete photo 1', 'Delete the reading of A1-M1 before the pour']) {
      expect(screen.queryByRole('button', { name }), name).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('link', { name: 'Edit design' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Add a photo')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add all to cart' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download permit pack' })).toBeInTheDocument();
    // The site and installer are read, a blank one said to be not given.
    const site = screen.getByRole('region', { name: 'Site and installer' });
    expect(within(site).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(site).getByText('Pat Homeowner')).toBeInTheDocument();
    expect(within(site).getAllByText('Not given')).toHaveLength(2);
  });

  it('offers no cart to fill when the server says the caller may not order the project (an admin changing someone else’s)', async () => {
    sessionStore.set({ user: { ...dealer, role: 'admin', fullname: 'Ada Admin' }, access_token: 'a', refresh_token: 'r' });
    stubProjectApi({ [`GET ${projectPath}`]: projectOf({ orderable: false }) });
    renderRoutes(`/layout-generator/projects/${PROJECT_ID}`, projectRoutes);
    expect(await screen.findByRole('button', { name: 'Mark as ordered' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add all to cart' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('says so when the project is not there, or not the reader’s', async () => {
    stubProjectApi({});
    renderRoutes(`/layout-generator/projects/${PROJECT_ID}`, projectRoutes);
    expect(await screen.findByRole('alert')).toHaveTextContent('Project not found');
    expect(screen.getByRole('link', { name: 'My projects' })).toHaveAttribute('href', '/layout-generator/projects');
  });
});

describe('what inspection still needs', () => {
  beforeEach(() => sessionStore.set({ user: contractor, access_token: 'a', refresh_token: 'r' }));

  it('lists the untested units once per phase, beside the other items in the reader’s words', async () => {
    const reading = (unit: string, phase: string) => ({ code: 'missingReading', params: { unit, phase }, text: `No reading of ${unit} ${phase} the pour` });
    stubProjectApi({
      [`GET ${projectPath}`]: projectOf({
        missing: [
          { code: 'missingInstalled', params: { status: 'designed' }, text: 'The project is not installed yet' },
          reading('A1-M1', 'before'),
          reading('A1-M1', 'after'),
          reading('A2-M1', 'before'),
          reading('A2-M1', 'after'),
          { code: 'missingPhoto', params: {}, text: 'No photo of the installation yet' },
        ],
      }),
    });
    renderRoutes(`/layout-generator/projects/${PROJECT_ID}`, projectRoutes);
    const missing = await screen.findByRole('region', { name: 'Still missing for inspection' });
    expect(within(missing).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'The project is not installed yet',
      'No photo of the installation yet',
      'Not yet tested before the pour (2 units): A1\u2011M1, A2\u2011M1',
      'Not yet tested after the pour (2 units): A1\u2011M1, A2\u2011M1',
    ]);
  });

  it('lists a failed test on its own line with what failed, in the reader’s words', async () => {
    stubProjectApi({
      [`GET ${projectPath}`]: projectOf({
        status: 'installed',
        missing: [
          {
            code: 'missingReadingFailed',
            params: { unit: 'A1-M1', phase: 'before', failed: 'both', insulationMOhm: 0.4, continuityOhm: 999, minInsulationMOhm: 100, minOhm: 57.6, maxOhm: 70.4 },
            text: 'A1-M1 failed its test before the pour: insulation 0.4 MΩ, at least 100 MΩ needed; continuity 999 Ω, 57.6–70.4 Ω needed',
          },
          {
            code: 'missingReadingFailed',
            params: { unit: 'A2-M1', phase: 'after', failed: 'continuity', insulationMOhm: 500, continuityOhm: 80, minInsulationMOhm: 100, minOhm: 57.6, maxOhm: 70.4 },
            text: 'A2-M1 failed its test after the pour: continuity 80 Ω, 57.6–70.4 Ω needed',
          },
        ],
      }),
    });
    renderRoutes(`/layout-generator/projects/${PROJECT_ID}`, projectRoutes);
    const missing = await screen.findByRole('region', { name: 'Still missing for inspection' });
    expect(within(missing).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'A1-M1 failed its test before the pour: insulation 0.4 MΩ, at least 100 MΩ needed; continuity 999 Ω, 57.6–70.4 Ω needed',
      'A2-M1 failed its test after the pour: continuity 80 Ω, 57.6–70.4 Ω needed',
    ]);
  });

  it('keeps “Mark as inspected” from acting while anything is missing, and says what, reachable by keyboard', async () => {
    const api = stubProjectApi({
      [`GET ${projectPath}`]: projectOf({
        status: 'installed',
        missing: [
          { code: 'missingReading', params: { unit: 'A2-M1', phase: 'before' }, text: 'No reading of A2-M1 before the pour' },
          { code: 'missingPhoto', params: {}, text: 'No photo of the installation yet' },
        ],
      }),
    });
    const { user } = renderRoutes(`/layout-generator/projects/${PROJECT_ID}`, projectRoutes);
    const button = await screen.findByRole('button', { name: 'Mark as inspected: 2 items missing' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription(expect.stringContaining('passed its tests before and after the pour'));
    button.focus();
    await user.keyboard('{Enter}');
    await user.click(button);
    expect(api.to('PUT', projectPath)).toHaveLength(0);
    await user.tab();
    expect(screen.getByRole('link', { name: 'See what is missing' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'See what is missing' })).toHaveAttribute('href', '#project-missing-title');
  });

  it('marks an installed project inspected once nothing is missing', async () => {
    const api = stubProjectApi({
      [`GET ${projectPath}`]: projectOf({ status: 'installed', missing: [] }),
      [`PUT ${projectPath}`]: projectOf({ status: 'inspected', missing: [] }),
    });
    const { user } = renderRoutes(`/layout-generator/projects/${PROJECT_ID}`, projectRoutes);
    await user.click(await screen.findByRole('button', { name: 'Mark as inspected' }));
    await waitFor(() => expect(api.to('PUT', projectPath)[0]?.body).toEqual({ status: 'inspected' }));
    expect(await screen.findByText('The project has been inspected: its record is complete.')).toBeInTheDocument();
  });

  it('says when nothing is missing', async () => {
    stubProjectApi({ [`GET ${projectPath}`]: projectOf({ status: 'installed', missing: [] }) });
    renderRoutes(`/layout-generator/projects/${PROJECT_ID}`, projectRoutes);
    expect(await screen.findByText('Nothing is missing: the project is ready for inspection.')).toBeInTheDocument();
  });
});

describe('the permit pack’s file name', () => {
  it('keeps letters and digits of the project’s name, accents taken off', () => {
    expect(permitPackFileName('Entrée de garage, 12 rue Élise')).toBe('entree-de-garage-12-rue-elise-permit-pack.pdf');
    expect(permitPackFileName('***')).toBe('project-permit-pack.pdf');
  });
});
