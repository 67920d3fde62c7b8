import type { CouponTermsOut } from '@meltway/shared/cart-checkout/checkout.schema';
import type { OrderOut } from '@meltway/shared/orders/order.schema';
import type { Language } from '@meltway/shared/common/language';
import { localizedText } from '@meltway/shared/common/localized';
import { formats, languageTag } from '../../lib/documents/formats.js';
import { PdfWriter, type Column } from '../../lib/documents/pdf-writer.js';
import { SELLER } from '../../lib/documents/seller.js';
import { translator } from '../../lib/i18n.js';
import type { OrderRow } from '../../db/schema/commerce.js';

/** The invoice's words, and those of an order's lines and totals that its mails share, in `locale`. */
const invoiceWords = (locale: Language) => translator(locale, 'orders', 'invoice');
const tableWords = (locale: Language) => translator(locale, 'orders', 'orderTable');

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
  const t = tableWords(locale);
  if (!coupon) return t('discount');
  const percent = formats(locale).percent(coupon.discountPercent);
  if (coupon.categoryName === null) return t('couponOff', { code: coupon.code, percent });
  return t('couponOffCategory', { code: coupon.code, percent, category: localizedText(coupon.categoryName, coupon.categoryNameFr, locale) });
}

/** The file name of an order's invoice, in its language. */
export const invoiceFileName = (order: Pick<OrderOut, 'number' | 'locale'>) => `${invoiceWords(order.locale)('file')}-${order.number}.pdf`;

/** The invoice under way: its writer, its order, and the invoice's and the order table's words and formats in the order's language. */
type Invoice = {
  pdf: PdfWriter;
  order: OrderOut;
  t: ReturnType<typeof invoiceWords>;
  table: ReturnType<typeof tableWords>;
  f: ReturnType<typeof formats>;
};

/** The seller's name, address and tax numbers (QST only when the order has that tax), and the invoice's number. */
function sellerHeader({ pdf, order, t }: Invoice) {
  const half = pdf.width / 2;
  pdf.line('Meltway', { size: 22, bold: true });
  pdf.down(2);
  pdf.put(`${t('invoice')} ${order.number}`, { x: pdf.left + half, width: half, align: 'right', size: 14, bold: true });
  for (const l of [SELLER.name, ...SELLER.address]) pdf.line(l, { muted: true, size: 9 });
  pdf.line(`${t('gstHst')} ${SELLER.gstHstNumber}`, { size: 9 });
  if (order.taxes.some((t) => t.code === 'QST')) pdf.line(`${t('qst')} ${SELLER.qstNumber}`, { size: 9 });
  pdf.down(8);
}

/** The invoice's number, date and the order's status. */
function invoiceFacts({ pdf, order, t, f }: Invoice) {
  const facts: [string, string][] = [
    [t('number'), order.number],
    [t('date'), f.date(order.created_at)],
    [t('status'), t(`statuses.${order.status}`)],
  ];
  for (const [label, value] of facts) pdf.line(`${label}${f.colon}${value}`, { size: 10 });
  pdf.down(8);
}

/** The buyer (bill to) and the delivery address (ship to), side by side. */
function addresses({ pdf, order, t, table }: Invoice) {
  const half = pdf.width / 2;
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
}

/** The order's lines: SKU, product in the order's language, quantity, unit price and amount. */
function lineTable({ pdf, order, table, f }: Invoice) {
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
}

/** Subtotal, discount, shipping, each tax on its own line and the total, then what was refunded and the net; on one page. */
function totals({ pdf, order, t, table, f }: Invoice) {
  pdf.need(16 * (4 + order.taxes.length + (order.discountCents > 0 ? 1 : 0) + (order.refundedCents > 0 ? 2 : 0)));
  pdf.amountLine(table('subtotal'), f.money(order.subtotalCents));
  if (order.discountCents > 0) {
    pdf.amountLine(couponLine(order.coupon, order.locale), f.money(-order.discountCents));
  }
  pdf.amountLine(table('shipping', { method: table(`shippingMethods.${order.shippingMethodId}`) }), f.money(order.shippingCents));
  for (const tax of order.taxes) pdf.amountLine(`${table(`taxNames.${tax.code}`)} ${f.percent(tax.rate)}`, f.money(tax.amountCents));
  pdf.amountLine(table('total'), f.money(order.totalCents), { bold: true, size: 11 });
  if (order.refundedCents > 0) {
    pdf.amountLine(t('refunded'), f.money(-order.refundedCents));
    pdf.amountLine(t('net'), f.money(order.totalCents - order.refundedCents), { bold: true });
  }
  pdf.down(10);
}

/** Each refund of the order's timeline with its date, amount and note; nothing when there was none. */
function refunds({ pdf, order, t, f }: Invoice) {
  const made = order.timeline.filter((e) => e.action === 'refund' && e.amountCents);
  if (!made.length) return;
  pdf.line(t('refunds'), { bold: true });
  for (const r of made) {
    for (const l of pdf.wrap(`${f.date(r.at)}${f.colon}${f.money(r.amountCents!)}${r.note ? ` (${r.note})` : ''}`, pdf.width, 9)) {
      pdf.line(l, { size: 9 });
    }
  }
  pdf.down(6);
}

/** The terms: cancelled, due on account or settled, paid or to pay by card, and exported outside Canada. */
function terms({ pdf, order, t, f }: Invoice) {
  pdf.line(t('terms'), { bold: true });
  const said: string[] = [];
  if (order.status === 'cancelled') said.push(t('cancelled'));
  if (order.paymentMethod === 'account') {
    said.push(order.settledAt ? t('settled', { on: f.date(order.settledAt) }) : t('onAccount', { due: order.paymentDueAt ? f.date(order.paymentDueAt) : '' }));
  } else if (order.status !== 'cancelled') {
    said.push(order.status === 'pending_payment' ? t('cardPending') : t('card'));
  }
  if (order.shippingAddress.country !== 'CA') said.push(t('exported'));
  for (const term of said) for (const l of pdf.wrap(term, pdf.width, 9)) pdf.line(l, { size: 9 });
}

/**
 * An order's invoice as PDF, in the order's language: the seller and its GST/HST (and QST) numbers, the
 * buyer and the delivery address, the lines, each tax on its own line, the totals, refunds and terms.
 */
export async function invoicePdf(order: OrderOut, now: Date): Promise<Uint8Array> {
  const locale = order.locale;
  const t = invoiceWords(locale);
  const pdf = await PdfWriter.create({ title: `${t('invoice')} ${order.number}`, at: now, language: languageTag(locale) });
  const invoice: Invoice = { pdf, order, t, table: tableWords(locale), f: formats(locale) };
  for (const step of [sellerHeader, invoiceFacts, addresses, lineTable, totals, refunds, terms]) step(invoice);
  return pdf.finish((page, of) => t('page', { page, of }));
}
