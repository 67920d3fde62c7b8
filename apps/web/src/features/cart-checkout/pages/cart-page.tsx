import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MinusIcon, PackageIcon, PlusIcon, ShoppingCartIcon, Trash2Icon } from 'lucide-react';
import type { CartLine } from '@meltway/shared/cart-checkout/cart.schema';
import { Alert } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { usePageMeta } from '@/lib/use-page-meta';
import { formatPrice } from '@/lib/format';
import { localized } from '@/lib/localized';
import { notify } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { useCart, useCartActions } from '../api/cart';
import { useErrorText } from '@/lib/error-text';

function LineRow({ line }: { line: CartLine }) {
  const { t, i18n } = useTranslation('commerce');
  const { setQuantity, remove } = useCartActions();
  const cartError = useErrorText();
  const name = localized(line.name, line.nameFr) ?? t('line.unavailableName');
  const busy = setQuantity.isPending || remove.isPending;
  const onError = (error: unknown) => notify.error(cartError(error, t('line.updateFailed')));
  const change = (quantity: number) => setQuantity.mutate({ productId: line.productId, quantity }, { onError });
  const sellable = line.status === 'available' || line.status === 'insufficient_stock';
  return (
    <li className="flex gap-4 py-5">
      <div className="size-20 shrink-0 overflow-hidden rounded-lg border bg-secondary sm:size-24">
        {line.image ? (
          <img src={line.image} alt="" width={96} height={96} className={cn('size-full object-cover', !sellable && 'grayscale')} />
        ) : (
          <div className="flex size-full items-center justify-center text-primary/50">
            <PackageIcon aria-hidden />
          </div>
        )}
      </div>
      <div className="grid flex-1 gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 className="font-semibold">
            {line.slug ? (
              <Link to={`/product/${line.slug}`} className="hover:underline">
                {name}
              </Link>
            ) : (
              name
            )}
          </h2>
          <p className="font-semibold tabular-nums">{formatPrice(line.lineTotal, i18n.language)}</p>
        </div>
        {line.unitPrice !== null ? (
          <p className="text-sm text-muted-foreground">{t('line.each', { price: formatPrice(line.unitPrice, i18n.language) })}</p>
        ) : null}
        {line.status !== 'available' ? (
          <p className={cn('text-sm font-medium', sellable ? 'text-ember' : 'text-destructive')}>
            {t(`status.${line.status}`, { count: line.stock })}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          {sellable ? (
            <div className="flex items-center rounded-md border border-input" role="group" aria-label={t('line.quantityFor', { name })}>
              <Button variant="ghost" size="icon" aria-label={t('line.decrease', { name })} disabled={busy || line.quantity <= 1} onClick={() => change(line.quantity - 1)}>
                <MinusIcon aria-hidden />
              </Button>
              <span className="w-10 text-center tabular-nums" aria-live="polite">
                {line.quantity}
              </span>
              <Button variant="ghost" size="icon" aria-label={t('line.increase', { name })} disabled={busy || line.quantity >= line.stock} onClick={() => change(line.quantity + 1)}>
                <PlusIcon aria-hidden />
              </Button>
            </div>
          ) : null}
          <Button variant="ghost" size="sm" disabled={busy} onClick={() => remove.mutate(line.productId, { onError })}>
            <Trash2Icon aria-hidden />
            {t('line.remove')}
            <span className="sr-only"> {name}</span>
          </Button>
        </div>
      </div>
    </li>
  );
}

export default function CartPage() {
  const { t, i18n } = useTranslation('commerce');
  usePageMeta(t('cart.title'), t('cart.description'));
  const cart = useCart();
  const data = cart.data;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t('cart.title')}</h1>
      {cart.isPending ? (
        <div className="mt-10 flex justify-center">
          <Spinner label={t('cart.loading')} className="size-8" />
        </div>
      ) : cart.isError ? (
        <Alert variant="error" role="alert" className="mt-6">
          {t('cart.loadFailed')}
          <Button variant="link" size="inline" onClick={() => void cart.refetch()}>
            {t('cart.retry')}
          </Button>
        </Alert>
      ) : !data?.items.length ? (
        <div className="mt-8 flex flex-col items-center rounded-xl border border-dashed px-6 py-16 text-center">
          <ShoppingCartIcon className="size-12 text-muted-foreground" aria-hidden />
          <p className="mt-4 text-lg font-semibold">{t('cart.empty')}</p>
          <p className="mt-1 text-muted-foreground">{t('cart.emptyHint')}</p>
          <Link to="/categories" className={cn(buttonVariants({ variant: 'ember' }), 'mt-6')}>
            {t('cart.startShopping')}
          </Link>
        </div>
      ) : (
        <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_22rem]">
          <section aria-label={t('cart.lines')}>
            <ul className="divide-y border-y">
              {data.items.map((line) => (
                <LineRow key={line.productId} line={line} />
              ))}
            </ul>
          </section>
          <aside aria-labelledby="cart-summary" className="h-fit rounded-xl border bg-card p-5 shadow-sm lg:sticky lg:top-20">
            <h2 id="cart-summary" className="text-lg font-semibold">
              {t('cart.summary')}
            </h2>
            <dl className="mt-4 grid gap-2 text-sm">
              <div className="flex justify-between">
                <dt className="text-muted-foreground">{t('cart.items')}</dt>
                <dd className="tabular-nums">{data.itemCount}</dd>
              </div>
              <div className="flex justify-between border-t pt-3 text-base font-semibold">
                <dt>{t('cart.subtotal')}</dt>
                <dd className="tabular-nums">
                  {formatPrice(data.subtotal, i18n.language)}
                </dd>
              </div>
            </dl>
            <p className="mt-2 text-xs text-muted-foreground">{t('cart.taxNote')}</p>
            {!data.canCheckout ? (
              <Alert variant="notice" className="mt-4">
                {t('cart.fixLines')}
              </Alert>
            ) : null}
            {data.canCheckout ? (
              <Link to="/checkout" className={cn(buttonVariants({ variant: 'ember', size: 'lg' }), 'mt-5 w-full')}>
                {t('cart.checkout')}
              </Link>
            ) : (
              <Button variant="ember" size="lg" className="mt-5 w-full" disabled>
                {t('cart.checkout')}
              </Button>
            )}
            <Link to="/categories" className={cn(buttonVariants({ variant: 'link' }), 'mt-2 w-full justify-center')}>
              {t('cart.continue')}
            </Link>
          </aside>
        </div>
      )}
    </div>
  );
}
