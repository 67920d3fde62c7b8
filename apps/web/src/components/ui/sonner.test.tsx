import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { notify } from '@/lib/notify';
import Toaster from './sonner';

// jsdom lays nothing out, so nothing is pinned to the bottom of its window; nor does it match media queries.
document.elementsFromPoint ??= () => [];
window.matchMedia ??= (media: string) =>
  ({ matches: false, media, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false }) as MediaQueryList;

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('toaster', () => {
  it('lets toasts go when another page opens, except the one announcing the move; a new search keeps them', async () => {
    const router = createMemoryRouter(
      [
        { path: '/product', element: null },
        { path: '/products', element: null },
      ],
      { initialEntries: ['/product'] },
    );
    render(<Toaster router={router} />);
    expect(await screen.findByRole('region', { name: /Notifications/ })).toBeInTheDocument();

    notify.success('Added to your cart');
    expect(await screen.findByText('Added to your cart')).toBeInTheDocument();
    await later(1_100);
    // Raised just before the navigation it announces, as a save that opens the saved record does.
    notify.info('Saved');
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    await act(() => router.navigate('/products'));
    await waitFor(() => expect(screen.queryByText('Added to your cart')).toBeNull());
    expect(screen.getByText('Saved')).toBeInTheDocument();

    await later(1_100);
    await act(() => router.navigate('/products?q=mat'));
    await later(300);
    expect(screen.getByText('Saved')).toBeInTheDocument();
  });
});
