import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEMO_CATALOGUE } from '@meltway/shared/design/test/catalogue';
import { cartStore } from '@/lib/cart-store';
import { renderWithApp } from '@/test/render';
import LayoutGeneratorRoute from './layout-generator-route';

afterEach(() => {
  vi.unstubAllGlobals();
  cartStore.clear();
});

describe('the layout generator in the storefront', { timeout: 20_000 }, () => {
  it("puts a visitor's bill of materials in the browser's cart, never past the stock beside what the cart holds", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        new URL(String(input), 'http://localhost').pathname === '/api/v1/design/products' ? Response.json(DEMO_CATALOGUE) : Response.json({}, { status: 404 }),
      ),
    );
    // The default 6 m × 9 m driveway needs 40 of this mat; the demo stock has 30 and the visitor's cart holds 5.
    const mat = DEMO_CATALOGUE.find((p) => p.sku === 'MW-MAT-06030')!;
    cartStore.add(mat.id, 5);
    const user = userEvent.setup();
    renderWithApp(<LayoutGeneratorRoute />, { path: '/layout-generator' });
    await user.click(await screen.findByRole('button', { name: 'Design my system' }));
    // The engine and the results view come when the first area is added: the first time, that may take a few seconds here.
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }, { timeout: 10_000 }));
    const offer = await screen.findByRole('alert');
    expect(offer).toHaveTextContent('the design needs 40, 30 in stock. Your cart already holds 5. 25 can be added, 15 missing.');
    expect(cartStore.getLines()).toEqual([{ productId: mat.id, quantity: 5 }]);

    await user.click(within(offer).getByRole('button', { name: 'Add what is in stock' }));
    expect(await screen.findByText(/What was in stock is in your cart/)).toBeInTheDocument();
    const bomRows = (await screen.findByRole('heading', { name: 'Bill of materials' }, { timeout: 10_000 })).closest('section')!.querySelectorAll('tbody tr');
    expect(cartStore.getLines()).toHaveLength(bomRows.length);
    expect(cartStore.getLines().find((l) => l.productId === mat.id)!.quantity).toBe(30);
    expect(cartStore.getLines().every((line) => DEMO_CATALOGUE.some((p) => p.id === line.productId && line.quantity > 0 && line.quantity <= p.stock))).toBe(true);
  });
});
