import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DesignResult } from '@meltway/shared/design/design.schema';
import type { StockShortLine } from '@meltway/shared/design/project.schema';
import { shortfall, shortLines } from '@meltway/shared/design/stock-short';
import { notify } from '@/lib/notify';

/** How the page puts the bill of materials in the cart; the storefront route supplies it from the cart feature. */
export type DesignCart = {
  pending: boolean;
  /** Adds each line to the cart as the product page does; resolves with the lines that could not be added. */
  addLines: (lines: { productId: string; quantity: number }[]) => Promise<{ failed: { productId: string; error: unknown }[] }>;
  /** How many of each product the cart holds now, by product id: a line is short when these and the design pass the stock. */
  inCart: () => Promise<Record<string, number>>;
  errorMessage: (error: unknown, fallback: string) => string;
};

/** The design's current bill of materials (`result`, null while the draft has an issue) put in the cart. */
export function useDesignCart(cart: DesignCart, result: DesignResult | null) {
  const { t } = useTranslation('design');
  const [added, setAdded] = useState(false);
  // The lines the stock cannot supply beside the cart: offered to add what is in stock, or left short after it was.
  const [short, setShort] = useState<{ lines: StockShortLine[]; state: 'offer' | 'added' } | null>(null);

  /** Adds `lines` one after the other; says how many went in and why any did not. */
  const addLines = async (lines: { productId: string; quantity: number }[]) => {
    const { failed } = await cart.addLines(lines);
    if (failed.length < lines.length) {
      setAdded(true);
      notify.success(t('actions.added', { count: lines.length - failed.length }));
    }
    if (failed[0]) notify.error(t('actions.partlyAdded', { count: failed.length, reason: cart.errorMessage(failed[0].error, t('actions.addFailed')) }));
  };

  // The whole bill of materials or nothing: a line the stock cannot take beside what the cart holds is named first.
  const addToCart = async () => {
    if (!result) return;
    const bom = result.bom;
    try {
      const lines = shortLines(bom, await cart.inCart());
      setShort(lines.length ? { lines, state: 'offer' } : null);
      if (lines.length) return;
      setAdded(false);
      await addLines(bom.map(({ productId, quantity }) => ({ productId, quantity })));
    } catch (error) {
      notify.error(cart.errorMessage(error, t('actions.addFailed')));
    }
  };

  const addInStock = async () => {
    if (!result || !short) return;
    const byProduct = new Map(short.lines.map((l) => [l.productId, l]));
    const lines = result.bom
      .map(({ productId, quantity }) => {
        const line = byProduct.get(productId);
        return { productId, quantity: line ? shortfall(line).canAdd : quantity };
      })
      .filter((l) => l.quantity > 0);
    try {
      await addLines(lines);
      setShort({ lines: short.lines, state: 'added' });
    } catch (error) {
      notify.error(cart.errorMessage(error, t('actions.addFailed')));
    }
  };

  return { pending: cart.pending, added, short, dismissShort: () => setShort(null), addToCart, addInStock };
}

/** What the results' actions read of the cart. */
export type DesignCartActions = ReturnType<typeof useDesignCart>;
