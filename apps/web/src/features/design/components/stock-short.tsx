import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PackageXIcon, ShoppingCartIcon } from 'lucide-react';
import { localizedText } from '@meltway/shared/common/localized';
import type { BomLine } from '@meltway/shared/design/design.schema';
import type { StockShortLine } from '@meltway/shared/design/project.schema';
import { shortfall } from '@meltway/shared/design/stock-short';
import { Alert } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

type Props = {
  lines: readonly StockShortLine[];
  /** The design's bill of materials, for the products' names. */
  bom: readonly Pick<BomLine, 'productId' | 'name' | 'nameFr'>[];
  /** `offer`: nothing was added, what is in stock may be; `added`: what was in stock is in the cart. */
  state: 'offer' | 'added';
  pending?: boolean;
  onAddInStock?: () => void;
  onDismiss: () => void;
};

/**
 * What the stock cannot supply of a bill of materials, line by line (needed, in stock, already in the cart, missing),
 * with the offer to add what is in stock; after it, what the cart still lacks.
 */
export function StockShortNotice({ lines, bom, state, pending, onAddInStock, onDismiss }: Props) {
  const { t, i18n } = useTranslation('design');
  const names = new Map(bom.map((b) => [b.productId, localizedText(b.name, b.nameFr, i18n.resolvedLanguage === 'fr' ? 'fr' : 'en')]));
  const anyInStock = lines.some((l) => shortfall(l).canAdd > 0);
  return (
    <Alert variant={state === 'offer' ? 'notice' : 'info'} role={state === 'offer' ? 'alert' : 'status'} className="w-full">
      <PackageXIcon aria-hidden />
      <div className="grid gap-2">
        <p className="font-semibold">{t(state === 'offer' ? 'stockShort.title' : 'stockShort.addedTitle', { count: lines.length })}</p>
        <ul className="list-disc pl-5">
          {lines.map((l) => {
            const { canAdd, missing } = shortfall(l);
            return (
              <li key={l.productId}>
                {t('stockShort.line', { name: names.get(l.productId) ?? l.sku, sku: l.sku, needed: l.needed, inStock: l.inStock })}
                {l.inCart ? ` ${t('stockShort.inCart', { count: l.inCart })}` : ''}{' '}
                <strong>{state === 'offer' ? t('stockShort.canAdd', { count: canAdd, missing }) : t('stockShort.missing', { count: missing })}</strong>
              </li>
            );
          })}
        </ul>
        <div className="flex flex-wrap gap-2">
          {state === 'offer' && anyInStock && onAddInStock ? (
            <Button variant="ember" size="sm" disabled={pending} onClick={onAddInStock}>
              {pending ? <Spinner /> : <ShoppingCartIcon aria-hidden />}
              {t('stockShort.addInStock')}
            </Button>
          ) : null}
          {state === 'added' ? (
            <Link to="/cart" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              {t('actions.viewCart')}
            </Link>
          ) : null}
          <Button variant="outline" size="sm" onClick={onDismiss}>
            {t(state === 'offer' ? 'stockShort.cancel' : 'stockShort.dismiss')}
          </Button>
        </div>
      </div>
    </Alert>
  );
}
