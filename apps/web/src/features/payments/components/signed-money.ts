import { formatPrice } from '@/lib/format';

/** Cents in the reader's currency format, with a true minus sign when negative (a refund, a reversal). */
export const signedMoney = (cents: number, language: string | undefined) =>
  cents < 0 ? `−${formatPrice(-cents, language)}` : formatPrice(cents, language);
