import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CheckIcon, MinusIcon, PlusIcon, ShoppingCartIcon } from 'lucide-react';
import type { ProductOut } from '@meltway/shared/catalogue/product.schema';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { localized } from '@/lib/localized';
import { notify } from '@/lib/notify';

/** How the page puts a product in the cart; the storefront route supplies it from the cart feature. */
export type AddToCart = {
  pending: boolean;
  add: (productId: string, quantity: number, handlers: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  errorMessage: (error: unknown, fallback: string) => string;
};

/** At most what is in stock (and never a number no one orders), at least one. */
const maxQuantity = (stock: number) => Math.max(1, Math.min(stock, 10_000));

/** The quantity chosen and what adding it to the cart does: a toast either way, and "in your cart" once added. */
function useAddToCart(product: ProductOut, cart: AddToCart) {
  const { t } = useTranslation('catalogue');
  const [quantity, setQuantity] = useState(1);
  const [added, setAdded] = useState(false);
  const max = maxQuantity(product.stock);
  const add = () => {
    cart.add(product.id, quantity, {
      onSuccess: () => {
        setAdded(true);
        notify.success(t('product.added', { count: quantity, name: localized(product.name, product.nameFr) }));
      },
      onError: (error) => notify.error(cart.errorMessage(error, t('product.addFailed'))),
    });
  };
  const clamp = (value: number) => Math.max(1, Math.min(max, value));
  const step = (by: number) => setQuantity((current) => clamp(current + by));
  const type = (text: string) => setQuantity(clamp(Math.floor(Number(text) || 1)));
  return { quantity, max, added, add, step, type };
}

/** The quantity field between its minus and plus buttons. */
function QuantityStepper({ value, max, onStep, onType }: { value: number; max: number; onStep: (by: number) => void; onType: (text: string) => void }) {
  const { t } = useTranslation('catalogue');
  const id = `${useId()}-qty`;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {t('product.quantity')}
      </label>
      <div className="flex items-center rounded-md border border-input">
        <Button variant="ghost" size="icon" aria-label={t('product.decrease')} disabled={value <= 1} onClick={() => onStep(-1)}>
          <MinusIcon aria-hidden />
        </Button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          value={value}
          onChange={(e) => onType(e.target.value)}
          className="h-10 w-14 bg-transparent text-center text-base tabular-nums [appearance:textfield] focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-inner-spin-button]:appearance-none"
        />
        <Button variant="ghost" size="icon" aria-label={t('product.increase')} disabled={value >= max} onClick={() => onStep(1)}>
          <PlusIcon aria-hidden />
        </Button>
      </div>
    </div>
  );
}

/** What says the product is in the cart, with the way there. */
function AddedToCart() {
  const { t } = useTranslation('catalogue');
  return (
    <Alert variant="success" role="status">
      <CheckIcon aria-hidden />
      <span>
        {t('product.inCart')}{' '}
        <Link to="/cart" className="font-semibold underline underline-offset-4">
          {t('product.viewCart')}
        </Link>
      </span>
    </Alert>
  );
}

/** The quantity and the Add to cart button, then, once added, the way to the cart. */
export function ProductPurchase({ product, cart }: { product: ProductOut; cart: AddToCart }) {
  const { t } = useTranslation('catalogue');
  const purchase = useAddToCart(product, cart);
  return (
    <>
      <div className="flex flex-wrap items-end gap-3">
        <QuantityStepper value={purchase.quantity} max={purchase.max} onStep={purchase.step} onType={purchase.type} />
        <Button variant="ember" size="lg" disabled={product.stock <= 0 || cart.pending} onClick={purchase.add}>
          {cart.pending ? <Spinner /> : <ShoppingCartIcon aria-hidden />}
          {t('product.addToCart')}
        </Button>
      </div>
      {purchase.added ? <AddedToCart /> : null}
    </>
  );
}
