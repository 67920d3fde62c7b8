import type { CouponTermsOut } from '@meltway/shared/cart-checkout/checkout.schema';
import type { OrderOut } from '@meltway/shared/orders/order.schema';
import type { Language } from '@meltway/shared/common/language';
import { localizedText } from '@meltway/shared/common/localized';
import { formats, languageTag } from '../../lib/documents/formats.js';
import { PdfWriter, type Column } from '../../lib/documents/pdf-writer.js';
import { SELLER } from '../../lib/documents/seller.js';
import { translator } from '../../lib/i18n.js';
import type { OrderRow } from '../../db/schema/commerce.js';

/** The coupon terms an order row kept, as its answer, mails and invoice read them; null when it had no coupon. */
export const orderCouponTerms = (o: Pick<OrderRow, 'couponCode' | 'couponPercent' | 'couponCategoryName' | 'couponCategoryNameFr'>): CouponTermsOut | null =>
  o.couponCode && o.couponPercent !== null
    ? { code: o.couponCode, discountPercent: o.couponPercent, categoryName: o.couponCategoryName, categoryNameFr: o.couponCategoryNameFr }
    : null;

/**
 * The label of an order's discount line, in its language: what the coupon took off and on what (its
 * category's French name on French documents where it has one), or "Discount" when the order kept no coupon.
 */
export function couponLine(coupon: CouponTermsOut | null, locale: Language): string {
  const t = translator(locale, 'orders', 'orderTable');
  if (!coupon) return t('discount');
  const percent = formats(locale).percent(coupon.discountPercent);
  if (coupon.categoryName === null) return t('couponOff', { code: coupon.code, percent });
  return t('couponOffCategory', { code: coupon.code, percent, category: localizedText(coupon.categoryName, coupon.categoryNameFr, locale) });
}

/** The file name of an order's invoice, in its language. */
export const invoiceFileName = (order: Pick<OrderOut, 'number' | 'locale'>) => `${translator(order.locale, 'orders', 'invoice')('file')}-${order.number}.pdf`;

/**
 * An order's invoice as PDF, in the order's language: the seller and its GST/HST (and QST) numbers, the
 * buyer and the delivery address, the lines, each tax on its own line, the totals, refunds and terms.
 */
export async function invoicePdf(order: OrderOut, now: Date): Promise<Uint8Array> {
  const locale = order.locale;
  const t = translator(locale, 'orders', 'invoice');
  const table = translator(locale, 'orders', 'orderTable');
  const f = formats(locale);
  const pdf = await PdfWriter.create({ title: `${t('invoice')} ${order.number}`, at: now, language: languageTag(locale) });
  const half = pdf.width / 2;

  pdf.line('Meltway', { size: 22, bold: true });
  pdf.down(2);
  pdf.put(`${t('invoice')} ${order.number}`, { x: pdf.left + half, width: half, align: 'right', size: 14, bold: true });
  for (const l of [SELLER.name, ...SELLER.address]) pdf.line(l, { muted: true, size: 9 });
  pdf.line(`${t('gstHst')} ${SELLER.gstHstNumber}`, { size: 9 });
  if (order.taxes.some((t) => t.code === 'QST')) pdf.line(`${t('qst')} ${SELLER.qstNumber}`, { size: 9 });
  pdf.down(8);

  const facts: [string, string][] = [
    [t('number'), order.number],
    [t('date'), f.date(order.created_at)],
    [t('status'), t(`statuses.${order.status}`)],
  ];
  for (const [label, value] of facts) pdf.line(`${label}${f.colon}${value}`, { size: 10 });
  pdf.down(8);

  const a = order.shippingAddress;
  const billTo = [order.buyer.name, order.buyer.email, order.phone ?? ''].filter(Boolean);
  const shipTo = [a.fullname, a.line1, a.line2 ?? '', `${a.city} ${a.province}  ${a.postalCode}`, table(`countries.${a.country}`)].filter(Boolean);
  pdf.need(16 + 14 * Math.max(billTo.length, shipTo.length));
  pdf.put(t('billTo'), { bold: true });
  pdf.put(table('shipTo'), { x: pdf.left + half, bold: true });
  pdf.down(15);
  for (let i = 0; i < Math.max(billTo.length, shipTo.length); i++) {
    pdf.put(billTo[i] ?? '', { size: 9 });
    pdf.put(shipTo[i] ?? '', { x: pdf.left + half, size: 9 });
    pdf.down(13);
  }
  pdf.down(12);

  const columns: Column[] = [
    { label: table('sku'), width: 90 },
    { label: table('product'), width: pdf.width - 90 - 40 - 90 - 92 },
    { label: table('qty'), width: 40, align: 'right' },
    { label: table('unit'), width: 90, align: 'right' },
    { label: table('amount'), width: 92, align: 'right' },
  ];
  pdf.table(
    columns,
    order.lines.map((l) => [l.sku, localizedText(l.name, l.nameFr, order.locale), String(l.quantity), f.money(l.unitPriceCents), f.money(l.lineTotalCents)]),
  );

  // The totals stay together on one page.
  pdf.need(16 * (4 + order.taxes.length + (order.discountCents > 0 ? 1 : 0) + (order.refundedCents > 0 ? 2 : 0)));
  pdf.amountLine(table('subtotal'), f.money(order.subtotalCents));
  if (order.discountCents > 0) {
    pdf.amountLine(couponLine(order.coupon, locale), f.money(-order.discountCents));
  }
  pdf.amountLine(table('shipping', { method: table(`shippingMethods.${order.shippingMethodId}`) }), f.money(order.shippingCents));
  for (const tax of order.taxes) pdf.amountLine(`${table(`taxNames.${tax.code}`)} ${f.percent(tax.rate)}`, f.money(tax.amountCents));
  pdf.amountLine(table('total'), f.money(order.totalCents), { bold: true, size: 11 });
  if (order.refundedCents > 0) {
    pdf.amountLine(t('refunded'), f.money(-order.refundedCents));
    pdf.amountLine(t('net'), f.money(order.totalCents - order.refundedCents), { bold: true });
  }
  pdf.down(10);

  const refunds = order.timeline.filter((e) => e.action === 'refund' && e.amountCents);
  if (refunds.length) {
    pdf.line(t('refunds'), { bold: true });
    for (const r of refunds) {
      for (const l of pdf.wrap(`${f.date(r.at)}${f.colon}${f.money(r.amountCents!)}${r.note ? ` (${r.note})` : ''}`, pdf.width, 9)) {
        pdf.line(l, { size: 9 });
      }
    }
    pdf.down(6);
  }

  pdf.line(t('terms'), { bold: true });
  const terms: string[] = [];
  if (order.status === 'cancelled') terms.push(t('cancelled'));
  if (order.paymentMethod === 'account') {
    terms.push(order.settledAt ? t('settled', { on: f.date(order.settledAt) }) : t('onAccount', { due: order.paymentDueAt ? f.date(order.paymentDueAt) : '' }));
  } else if (order.status !== 'cancelled') {
    terms.push(order.status === 'pending_payment' ? t('cardPending') : t('card'));
  }
  if (a.country !== 'CA') terms.push(t('exported'));
  for (const term of terms) for (const l of pdf.wrap(term, pdf.width, 9)) pdf.line(l, { size: 9 });

  return pdf.finish((page, of) => t('page', { page, of }));
}
