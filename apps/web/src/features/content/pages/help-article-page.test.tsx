import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithApp } from '@/test/render';
import HelpArticlePage from './help-article-page';

const article = (slug: string) => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Choosing a Controller',
  nameFr: null,
  slug,
  description: 'Pick one with a snow sensor.',
  descriptionFr: null,
  image: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('help article page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('moves the address to the present slug when the article was opened at a former one', async () => {
    // The browser's fetch has followed the API's 301: the answer is the article at its present slug.
    const fetch = vi.fn(async () => json(200, article('choosing-a-controller')));
    vi.stubGlobal('fetch', fetch);
    renderWithApp(<HelpArticlePage />, { path: '/help/old-title-2019', route: '/help/:slug' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Choosing a Controller' })).toBeInTheDocument();
    const asked = fetch.mock.calls.map((call) => String((call as unknown[])[0]));
    expect(asked[0]).toContain('/api/v1/helpcenter/old-title-2019');
    expect(asked.at(-1)).toContain('/api/v1/helpcenter/choosing-a-controller');
  });

  it.each([404, 400, 414])('shows the not-found page whatever the API refuses the address with (%i)', async (status) => {
    vi.stubGlobal('fetch', vi.fn(async () => json(status, { message: 'No', code: 'X' })));
    renderWithApp(<HelpArticlePage />, { path: `/help/${'x'.repeat(150)}`, route: '/help/:slug' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  });
});
