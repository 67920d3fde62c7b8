import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { POSTAL_AREAS_ATTRIBUTION } from '@meltway/shared/installers/installer.schema';
import { installersMessages as m } from '@meltway/shared/installers/messages';
import frInstallers from '@/locales/fr/installers.json';
import { renderRoutes } from '@/test/render';
import InstallersPage from './installers-page';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const routes = [{ path: '/installers', element: <InstallersPage /> }];
const DEALER = { id: '00000000-0000-4000-8000-0000000000d1', name: 'Northern Heat Supply' };
const FOUND = {
  items: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      companyName: 'Thaw Crew',
      distanceKm: 1234.5,
      certifications: [
        { name: 'Snowmelt Installer', validUntil: '2027-03-31T00:00:00.000Z' },
        { name: 'Controls Basics', validUntil: null },
      ],
      dealer: DEALER,
    },
    { id: '00000000-0000-4000-8000-000000000002', companyName: 'Centre Town Mats', distanceKm: 2.4, certifications: [{ name: 'Snowmelt Installer', validUntil: null }], dealer: DEALER },
  ],
  attribution: POSTAL_AREAS_ATTRIBUTION,
};

/** The API's answers, by what the page asks; answers every request it is given and records them. */
function stubApi(answer: (url: URL) => Response) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => answer(new URL(String(input), 'http://localhost')));
  vi.stubGlobal('fetch', fetch);
  return () => fetch.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
}

describe('the installers page', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('opens filled in from the address and lists the installers found, nearest first, with the data credit under them', async () => {
    const asked = stubApi(() => json(200, FOUND));
    renderRoutes('/installers?postalCode=K1A0B1&family=mat', routes);
    expect(await screen.findByRole('heading', { level: 2, name: '2 certified installers near K1A0B1' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Postal code' })).toHaveValue('K1A0B1');
    expect(screen.getByRole('combobox', { name: 'Product family' })).toHaveValue('mat');
    const cards = screen.getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual(['Thaw Crew', 'Centre Town Mats']);
    expect(cards[0]).toHaveTextContent('1,234.5 km away');
    expect(cards[0]).toHaveTextContent('Snowmelt Installer · valid until');
    expect(cards[0]).toHaveTextContent('Controls Basics · no expiry');
    expect(cards[0]).toHaveTextContent('Dealer: Northern Heat Supply');
    expect(screen.getByText(POSTAL_AREAS_ATTRIBUTION)).toBeInTheDocument();
    expect(asked()[0]?.pathname).toBe('/api/v1/installers');
    expect(Object.fromEntries(asked()[0]!.searchParams)).toEqual({ postalCode: 'K1A0B1', family: 'mat' });
  });

  it('asks nothing before a postal code is given, then searches on Enter and puts the search in the address', async () => {
    const asked = stubApi(() => json(200, { items: [], attribution: POSTAL_AREAS_ATTRIBUTION }));
    const { router, user } = renderRoutes('/installers', routes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Find a certified installer' })).toBeInTheDocument();
    expect(asked()).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: 'Postal code' }), 'h2x 1y4{Enter}');
    expect(await screen.findByText('No certified installer covers this postal code yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Certified installers near h2x 1y4' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?postalCode=h2x+1y4');
    expect(Object.fromEntries(asked()[0]!.searchParams)).toEqual({ postalCode: 'h2x 1y4' });
    expect(screen.getByText(POSTAL_AREAS_ATTRIBUTION)).toBeInTheDocument();
  });

  it('shows the API’s word on a postal code it refuses under the box, tied to it', async () => {
    stubApi(() => json(400, { message: m.postalCodeUnknown, code: 'installers.postalCodeUnknown', issues: [{ path: 'postalCode', code: 'installers.postalCodeUnknown', message: m.postalCodeUnknown }] }));
    renderRoutes('/installers?postalCode=K0Z1A1', routes);
    const box = screen.getByRole('textbox', { name: 'Postal code' });
    expect(await screen.findByText(m.postalCodeUnknown)).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription(m.postalCodeUnknown);
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('says the search failed and tries again on request', async () => {
    let calls = 0;
    stubApi(() => (++calls === 1 ? json(500, { message: 'Down', code: 'INTERNAL' }) : json(200, FOUND)));
    const { user } = renderRoutes('/installers?postalCode=K1A0B1', routes);
    expect(await screen.findByText('The installers could not be loaded. Try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: '2 certified installers near K1A0B1' })).toBeInTheDocument();
  });

  it('speaks French on a French page: distances as French readers write them, and the empty list', async () => {
    i18n.addResourceBundle('fr', 'installers', frInstallers, true, true);
    await i18n.changeLanguage('fr');
    stubApi((url) => json(200, url.searchParams.get('family') === 'cable' ? { items: [], attribution: POSTAL_AREAS_ATTRIBUTION } : FOUND));
    const { user } = renderRoutes('/installers?postalCode=K1A0B1', routes);
    expect(await screen.findByRole('heading', { level: 2, name: '2 installateurs certifiés près de K1A0B1' })).toBeInTheDocument();
    const first = screen.getAllByRole('article')[0]!;
    expect(first.textContent).toContain('à 1\u00a0234,5 km');
    expect(first).toHaveTextContent('Controls Basics · sans expiration');
    expect(first).toHaveTextContent('Concessionnaire : Northern Heat Supply');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Famille de produits' }), 'cable');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(await screen.findByText('Aucun installateur certifié ne couvre encore ce code postal')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Installateurs certifiés près de K1A0B1' })).toBeInTheDocument();
  });
});
