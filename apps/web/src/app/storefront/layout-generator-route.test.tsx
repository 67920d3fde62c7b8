import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEMO_CATALOGUE } from '@meltway/shared/design/test/catalogue';
import { cartStore } from '@/features/commerce/cart-store';
import { renderWithApp } from '@/test/render';
import LayoutGeneratorRoute from './layout-generator-route';

afterEach(() => {
  vi.unstubAllGlobals();
  cartStore.clear();
});

describe('the layout generator in the storefront', { timeout: 20_000 }, () => {
  it("puts a visitor's whole bill of materials in the browser's cart, as the product page puts one product", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        new URL(String(input), 'http://localhost').pathname === '/api/v1/design/products' ? Response.json(DEMO_CATALOGUE) : Response.json({}, { status: 404 }),
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<LayoutGeneratorRoute />, { path: '/layout-generator' });
    await user.click(await screen.findByRole('button', { name: 'Design my system' }));
    // The engine and the results view come when the first area is added: the first time, that may take a few seconds here.
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }, { timeout: 10_000 }));
    expect(await screen.findByText('The bill of materials is in your cart.')).toBeInTheDocument();
    const bomRows = (await screen.findByRole('heading', { name: 'Bill of materials' }, { timeout: 10_000 })).closest('section')!.querySelectorAll('tbody tr');
    expect(cartStore.getLines()).toHaveLength(bomRows.length);
    expect(cartStore.getLines().every((line) => DEMO_CATALOGUE.some((p) => p.id === line.productId) && line.quantity > 0)).toBe(true);
  });
});
