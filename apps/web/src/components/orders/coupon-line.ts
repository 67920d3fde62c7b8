import { useTranslation } from 'react-i18next';
import type { CouponTermsOut } from '@meltway/shared/cart-checkout/checkout.schema';
import { localeTag } from '@/lib/i18n';
import { localized } from '@/lib/localized';

/**
 * The words of a coupon's discount line in the page's language, from the terms the server sent: "WINTER25: 25% off
 * Mats" (the category's French name on French pages where it has one), "WELCOME10: 10% off" on the whole order.
 */
export function useCouponLine() {
  const { t, i18n } = useTranslation('commerce');
  const language = i18n.resolvedLanguage;
  return (coupon: CouponTermsOut) => {
    const percent = new Intl.NumberFormat(localeTag(language), { style: 'percent', maximumFractionDigits: 3 }).format(coupon.discountPercent / 100);
    return coupon.categoryName === null
      ? t('commerce:couponLine.wholeOrder', { code: coupon.code, percent })
      : t('commerce:couponLine.category', { code: coupon.code, percent, category: localized(coupon.categoryName, coupon.categoryNameFr) });
  };
}
