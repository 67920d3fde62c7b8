import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { DEMO_CATALOGUE } from '@meltway/shared/design/test/catalogue';
import type { CreateDesignInput } from '@meltway/shared/design/project.schema';
import { sessionStore, type SessionUser } from '@/lib/session';
import { DRAFT_KEY } from '../components/design-draft';
import { PROJECT_ID, projectOf, stubProjectApi } from '../project-test-api';
import LayoutGeneratorPage, { type DesignCart } from './layout-generator-page';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('@/lib/notify', () => ({ notify }));

const contractor = { id: '00000000-0000-4000-8000-00000000c001', fullname: 'Chris Contractor', email: 'contractor@demo.meltway.ca', role: 'contractor' } as SessionUser;

function renderPage(path = '/layout-generator') {
  const cart: DesignCart = { pending: false, addLines: vi.fn(async () => ({ failed: [] })), inCart: vi.fn(async () => ({})), errorMessage: (_error, fallback) => fallback };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/layout-generator', element: <LayoutGeneratorPage cart={cart} /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { cart, router, user: userEvent.setup() };
}

const catalogueApi = (routes: Parameters<typeof stubProjectApi>[0] = {}) => stubProjectApi({ 'GET /api/v1/design/products': DEMO_CATALOGUE, ...routes });

/** The results view and the engine are loaded when the first area is added: the first time, that may take a few seconds here. */
const LOADED = { timeout: 10_000 };

async function startDesign(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Design my system' }));
  await screen.findByRole('heading', { name: 'Circuit schedule' }, LOADED);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  sessionStore.clear();
});

describe('the layout generator', { timeout: 20_000 }, () => {
  it('says what to do before the first area, then designs the driveway it adds: plan, circuits, bill of materials', async () => {
    catalogueApi();
    const { user } = renderPage();
    expect(await screen.findByText('Nothing to design yet')).toBeInTheDocument();
    await startDesign(user);
    expect(screen.getByLabelText('Area name')).toHaveValue('Driveway');
    expect(screen.getByLabelText('Width (m)')).toHaveValue('6');
    expect(screen.getByRole('img', { name: /Plan of Driveway/ })).toBeInTheDocument();
    const bom = screen.getByRole('heading', { name: 'Bill of materials' }).closest('section')!;
    expect(within(bom).getByRole('rowheader', { name: 'Total before tax' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Code checks' })).toBeInTheDocument();
    // Each circuit names its copper conductor from its breaker, the tables cited.
    const circuits = within(screen.getByRole('group', { name: 'Circuit schedule' })).getByRole('table');
    const awg: Record<string, string> = { '20': '12 AWG copper', '30': '10 AWG copper', '40': '8 AWG copper', '50': '6 AWG copper' };
    const rows = within(circuits).getAllByRole('row').slice(1);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const amps = /^(\d+) A/.exec(within(row).getAllByRole('cell')[0]!.textContent!)![1]!;
      expect(row).toHaveTextContent(awg[amps]!);
    }
    expect(screen.getByText(/CEC Table 2 \(copper, 75 °C\) with Rule 14-104 \/ NEC Table 310\.16 with 240\.4\(D\)/)).toBeInTheDocument();
  });

  it('offers the certified installers near the reader beside the results', async () => {
    catalogueApi();
    const { router, user } = renderPage();
    await startDesign(user);
    const link = screen.getByRole('link', { name: 'Find a certified installer' });
    expect(link).toHaveAttribute('href', '/installers');
    await user.click(link);
    expect(router.state.location.pathname).toBe('/installers');
    expect(await screen.findByText('elsewhere')).toBeInTheDocument();
  });

  it('puts a size out of range next to its field, and lists it above the results', async () => {
    catalogueApi();
    const { user } = renderPage();
    await startDesign(user);
    const width = screen.getByLabelText('Width (m)');
    await user.clear(width);
    await user.type(width, '0.1');
    await waitFor(() => expect(width).toHaveAttribute('aria-invalid', 'true'));
    expect(document.getElementById(width.getAttribute('aria-describedby')!)).toHaveTextContent('Enter a size from 0.3 m to 200 m');
    expect(within(screen.getByRole('alert')).getByText('Enter a size from 0.3 m to 200 m')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
  });

  it("tells which voltages the catalogue's heaters are rated for, and shows the engine's refusal of another at the voltage field", async () => {
    catalogueApi();
    const { user } = renderPage();
    await startDesign(user);
    const voltage = screen.getByLabelText('Voltage');
    expect(screen.getByText('The catalogue’s mats and cables are rated for 240 V; a heater runs at its rating or below it, never above.')).toBeInTheDocument();
    expect(within(voltage).getAllByRole('option').map((o) => o.textContent)).toEqual([
      '120 V (no mat or cable rated for it)',
      '208 V',
      '240 V',
      '277 V (no mat or cable rated for it)',
      '347 V (no mat or cable rated for it)',
    ]);
    await user.selectOptions(voltage, '277');
    await waitFor(() => expect(screen.getByLabelText('Voltage')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText('No mat or cable in the catalogue is rated for 277 V: their ratings are 240 V, and a heater runs at its rating or below it (down to 80% of it), never above')).toHaveLength(2);
  });

  it('types lengths in feet and keeps them in metres', async () => {
    catalogueApi();
    const { user } = renderPage();
    await startDesign(user);
    await user.click(screen.getByRole('radio', { name: 'Feet' }));
    const width = await screen.findByLabelText('Width (ft)');
    expect(width).toHaveValue('19.685');
    await user.clear(width);
    await user.type(width, '10');
    await waitFor(() => expect(JSON.parse(localStorage.getItem(DRAFT_KEY)!).areas[0].widthM).toBe(3.048));
  });

  it('adds every line of the bill of materials to the cart when the stock holds it', async () => {
    catalogueApi();
    const { cart, user } = renderPage();
    await startDesign(user);
    // A narrower driveway: fewer mats than the demo stock holds.
    const width = screen.getByLabelText('Width (m)');
    await user.clear(width);
    await user.type(width, '3');
    await user.tab();
    // The draft kept is the settled one the results are computed from.
    await waitFor(() => expect(JSON.parse(localStorage.getItem(DRAFT_KEY)!).areas[0].widthM).toBe(3));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('The bill of materials is in your cart.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const lines = vi.mocked(cart.addLines).mock.calls[0]![0];
    const rows = within(screen.getByRole('heading', { name: 'Bill of materials' }).closest('section')!).getAllByRole('row');
    // The header and the total row are not lines.
    expect(lines).toHaveLength(rows.length - 2);
    expect(lines.every((line) => DEMO_CATALOGUE.some((p) => p.id === line.productId && line.quantity > 0 && line.quantity <= p.stock))).toBe(true);
  });

  it('adds nothing when the stock cannot take a line beside the cart, names it, and on request adds what is in stock', async () => {
    catalogueApi();
    const { cart, user } = renderPage();
    await startDesign(user);
    // The 6 m × 9 m driveway needs 40 of this mat; the demo stock has 30, and the cart already holds 5.
    const mat = DEMO_CATALOGUE.find((p) => p.sku === 'MW-MAT-06030')!;
    expect(mat.stock).toBe(30);
    vi.mocked(cart.inCart).mockResolvedValue({ [mat.id]: 5 });
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    const offer = await screen.findByRole('alert');
    expect(offer).toHaveTextContent('Not enough stock for 1 product of this bill of materials: nothing was added to the cart.');
    expect(offer).toHaveTextContent(`${mat.name} (MW-MAT-06030): the design needs 40, 30 in stock. Your cart already holds 5. 25 can be added, 15 missing.`);
    expect(cart.addLines).not.toHaveBeenCalled();
    expect(screen.queryByText('The bill of materials is in your cart.')).not.toBeInTheDocument();

    await user.click(within(offer).getByRole('button', { name: 'Add what is in stock' }));
    const status = (await screen.findByText(/What was in stock is in your cart\. 1 product is still short/)).closest('[role="status"]')!;
    expect(status).toHaveTextContent('15 missing.');
    const lines = vi.mocked(cart.addLines).mock.calls[0]![0];
    expect(lines.find((l) => l.productId === mat.id)).toEqual({ productId: mat.id, quantity: 25 });
    const rows = within(screen.getByRole('heading', { name: 'Bill of materials' }).closest('section')!).getAllByRole('row');
    expect(lines).toHaveLength(rows.length - 2);
  });

  it('sends a visitor to sign in and back, the design kept in the browser meanwhile', async () => {
    catalogueApi();
    const { user } = renderPage();
    await startDesign(user);
    expect(screen.getByRole('link', { name: 'Sign in to save' })).toHaveAttribute('href', '/login?redirect=%2Flayout-generator');
    await waitFor(() => expect(JSON.parse(localStorage.getItem(DRAFT_KEY)!).areas).toHaveLength(1));
  });

  it('comes back to the design kept in the browser', async () => {
    catalogueApi();
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ areas: [{ name: 'Back steps', shape: 'rect', widthM: 1.5, lengthM: 2, polygon: [], exclusions: [] }] }));
    renderPage();
    expect(await screen.findByRole('img', { name: /Plan of Back steps/ }, LOADED)).toBeInTheDocument();
  });

  it("saves a signed-in user's design as a project and opens it", async () => {
    sessionStore.set({ user: contractor, access_token: 'a', refresh_token: 'r' });
    const api = catalogueApi({ 'POST /api/v1/designs': projectOf() });
    const { router, user } = renderPage();
    await startDesign(user);
    await user.click(screen.getByRole('button', { name: 'Save project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save the project' }, LOADED);
    const name = within(dialog).getByLabelText('Project name');
    await user.clear(name);
    await user.type(name, 'Elm Street driveway');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/layout-generator/projects/${PROJECT_ID}`));
    const sent = api.to('POST', '/api/v1/designs')[0]!.body as CreateDesignInput;
    expect(sent.name).toBe('Elm Street driveway');
    expect(sent.input.areas).toEqual([{ name: 'Driveway', widthM: 6, lengthM: 12 }]);
  });

  it('opens a saved project to change its design and save it back', async () => {
    sessionStore.set({ user: contractor, access_token: 'a', refresh_token: 'r' });
    const saved = projectOf({ input: { city: 'ottawa-on', classDensityWm2: 400, snowFreeRatio: 0, voltage: 240, areas: [{ name: 'Left strip', widthM: 3, lengthM: 4 }] } });
    const api = catalogueApi({ [`GET /api/v1/designs/${PROJECT_ID}`]: saved, [`PUT /api/v1/designs/${PROJECT_ID}`]: saved });
    const { router, user } = renderPage(`/layout-generator?project=${PROJECT_ID}`);
    expect(await screen.findByText(/You are changing the project/)).toBeInTheDocument();
    expect(await screen.findByLabelText('Area name')).toHaveValue('Left strip');
    await screen.findByRole('heading', { name: 'Circuit schedule' }, LOADED);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/layout-generator/projects/${PROJECT_ID}`));
    expect(api.to('PUT', `/api/v1/designs/${PROJECT_ID}`)[0]!.body).toMatchObject({ input: { city: 'ottawa-on', classDensityWm2: 400, areas: [{ name: 'Left strip', widthM: 3, lengthM: 4 }] } });
  });
});
