import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TakenOver } from '@/lib/taken-over';
import { AppFrame } from './app';
import { STOREFRONT_ROUTE_ID } from './router';

const html = document.documentElement;

/**
 * The app's frame around a router on `/`: with its routes in place, as on a page the server rendered, or (`started`
 * false) still loading them, as when the browser renders the page itself.
 */
function renderStarted(routes: RouteObject[], started = true) {
  const router = createMemoryRouter([{ id: 'root', children: routes }], { initialEntries: ['/'] });
  expect(router.state.initialized).toBe(started);
  return render(
    <AppFrame router={router}>
      <RouterProvider router={router} />
    </AppFrame>,
  );
}

describe('the mark that holds a rendered page until the app has taken it over', () => {
  beforeEach(() => html.setAttribute('data-hydrating', ''));
  afterEach(() => html.removeAttribute('data-hydrating'));

  it('stays on a storefront page until the page itself says it has been taken over', async () => {
    renderStarted([{ id: STOREFRONT_ROUTE_ID, path: '/', element: <p>Storefront page</p> }]);
    expect(await screen.findByText('Storefront page')).toBeInTheDocument();
    expect(html).toHaveAttribute('data-hydrating');
  });

  it('goes once the storefront page renders TakenOver', async () => {
    renderStarted([
      {
        id: STOREFRONT_ROUTE_ID,
        path: '/',
        element: (
          <>
            <p>Storefront page</p>
            <TakenOver />
          </>
        ),
      },
    ]);
    expect(await screen.findByText('Storefront page')).toBeInTheDocument();
    expect(html).not.toHaveAttribute('data-hydrating');
  });

  it('goes with the frame when the browser renders the page, even if it starts on the storefront and leaves it', async () => {
    // As on a signed-in page's first load: the storefront matches while its code loads, then the page is another.
    renderStarted([{ id: STOREFRONT_ROUTE_ID, path: '/', lazy: async () => ({ element: <p>Sign-in page</p> }) }], false);
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(html).not.toHaveAttribute('data-hydrating');
  });

  it('goes with the frame on a page outside the storefront', async () => {
    renderStarted([{ id: 'dashboard', path: '/', element: <p>Dashboard page</p> }]);
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(html).not.toHaveAttribute('data-hydrating');
  });
});
