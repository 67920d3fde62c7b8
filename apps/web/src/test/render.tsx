import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, parsePath, RouterProvider, type RouteObject } from 'react-router';

const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

/** Renders a component inside the app's providers, on a memory router at `path`; `route` gives it its params. */
export function renderWithApp(ui: ReactNode, { path = '/', route = '*' }: { path?: string; route?: string } = {}) {
  const router = createMemoryRouter(
    [
      { path: route, element: ui },
    ],
    { initialEntries: [path] },
  );
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/**
 * Renders `routes` at `path` (with the navigation's `state`, as a page that sent the reader there gives it); any other
 * address shows "elsewhere", so a test sees where a page sends the reader. Answers the router and a user to act with.
 */
export function renderRoutes(path: string, routes: RouteObject[], state?: unknown) {
  const router = createMemoryRouter([...routes, { path: '*', element: <p>elsewhere</p> }], { initialEntries: [{ ...parsePath(path), state }] });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
}
