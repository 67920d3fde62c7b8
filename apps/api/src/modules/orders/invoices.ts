import type { CouponTermsOut } from '@meltway/shared/cart-checkout/checkout.schema';
import type { OrderOut } from '@meltway/shared/orders/order.schema';
import type { OrderStatus } from '@meltway/shared/orders/order-states';
import type { ShippingMethodId } from '@meltway/shared/cart-checkout/shipping';
import type { TaxCode } from '@meltway/shared/cart-checkout/tax';
import type { Language } from '@meltway/shared/common/language';
import { localizedText } from '@meltway/shared/common/localized';
import { formats, languageTag } from '../../lib/documents/formats.js';
import { PdfWriter, type Column } from '../../lib/documents/pdf-writer.js';
import { SELLER } from '../../lib/documents/seller.js';
import type { OrderRow } from './orders.repo.js';

export const TAX_NAMES: Record<Language, Record<TaxCode, string>> = {
  en: { GST: 'GST', HST: 'HST', PST: 'PST', QST: 'QST', RST: 'RST' },
  fr: { GST: 'TPS', HST: 'TVH', PST: 'TVP', QST: 'TVQ', RST: 'TVD' },
};

const STATUS: Record<Language, Record<OrderStatus, string>> = {
  en: {
    pending_payment: 'Awaiting payment', paid: 'Paid', on_account: 'On account', processing: 'Processing',
    shipped: 'Shipped', delivered: 'Delivered', cancelled: 'Cancelled', refunded: 'Refunded',
  },
  fr: {
    pending_payment: 'En attente de paiement', paid: 'Payée', on_account: 'Portée au compte', processing: 'En préparation',
    shipped: 'Expédiée', delivered: 'Livrée', cancelled: 'Annulée', refunded: 'Remboursée',
  },
};

export const SHIPPING: Record<Language, Record<ShippingMethodId, string>> = {
  en: { standard: 'standard', express: 'express', pickup: 'pickup' },
  fr: { standard: 'standard', express: 'express', pickup: 'cueillette' },
};

/** The words of an order's lines and totals, the same on its invoice and in its mails. */
export const ORDER_TABLE_WORDS = {
  en: {
    shipTo: 'Ship to',
    sku: 'SKU',
    product: 'Product',
    qty: 'Qty',
    unit: 'Unit price',
    amount: 'Amount',
    subtotal: 'Subtotal',
    discount: 'Discount',
    /** "WINTER25: 25% off Mats"; "WINTER25: 25% off" on the whole order. */
    couponOff: (code: string, percent: string, category: string | null) => `${code}: ${percent} off${category ? ` ${category}` : ''}`,
    shipping: (method: string) => `Shipping (${method})`,
    total: 'Total (CAD)',
  },
  fr: {
    shipTo: 'Livrer à',
    sku: 'UGS',
    product: 'Produit',
    qty: 'Qté',
    unit: 'Prix unitaire',
    amount: 'Montant',
    subtotal: 'Sous-total',
    discount: 'Rabais',
    /** « WINTER25 : 25 % de rabais sur la catégorie Tapis » ; « WINTER25 : 25 % de rabais » sur toute la commande. */
    couponOff: (code: string, percent: string, category: string | null) => `${code}\u00a0: ${percent} de rabais${category ? ` sur la catégorie ${category}` : ''}`,
    shipping: (method: string) => `Livraison (${method})`,
    total: 'Total (CAD)',
  },
} as const;

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
  const w = ORDER_TABLE_WORDS[locale];
  if (!coupon) return w.discount;
  const category = coupon.categoryName === null ? null : localizedText(coupon.categoryName, coupon.categoryNameFr, locale);
  return w.couponOff(coupon.code, formats(locale).percent(coupon.discountPercent), category);
}

const WORDS = {
  en: {
    invoice: 'Invoice',
    file: 'invoice',
    number: 'Invoice no.',
    date: 'Date',
    status: 'Status',
    gstHst: 'GST/HST registration no.',
    qst: 'QST registration no.',
    billTo: 'Bill to',
    ...ORDER_TABLE_WORDS.en,
    refunded: 'Refunded',
    net: 'Total after refunds',
    refunds: 'Refunds',
    terms: 'Terms',
    onAccount: (due: string) => `Net 30, on account: payment due ${due}.`,
    settled: (on: string) => `Paid on ${on}. Thank you.`,
    card: 'Paid by card.',
    cardPending: 'Payable by card; the payment has not been received.',
    cancelled: 'This order was cancelled.',
    exported: 'Goods shipped outside Canada: zero-rated export, no Canadian sales tax.',
    page: (n: number, of: number) => `Page ${n} of ${of}`,
  },
  fr: {
    invoice: 'Facture',
    file: 'facture',
    number: 'N° de facture',
    date: 'Date',
    status: 'Statut',
    gstHst: 'N° d’inscription TPS/TVH',
    qst: 'N° d’inscription TVQ',
    billTo: 'Facturer à',
    ...ORDER_TABLE_WORDS.fr,
    refunded: 'Remboursé',
    net: 'Total après remboursements',
    refunds: 'Remboursements',
    terms: 'Modalités',
    onAccount: (due: string) => `Net 30 jours, porté au compte : paiement dû le ${due}.`,
    settled: (on: string) => `Payée le ${on}. Merci.`,
    card: 'Payée par carte.',
    cardPending: 'Payable par carte; le paiement n’a pas été reçu.',
    cancelled: 'Cette commande a été annulée.',
    exported: 'Marchandises expédiées hors du Canada : exportation détaxée, aucune taxe de vente canadienne.',
    page: (n: number, of: number) => `Page ${n} sur ${of}`,
  },
} as const;

/** The file name of an order's invoice, in its language. */
export const invoiceFileName = (order: Pick<OrderOut, 'number' | 'locale'>) => `${WORDS[order.locale].file}-${order.number}.pdf`;

/**
 * An order's invoice as PDF, in the order's language: the seller and its GST/HST (and QST) numbers, the
 * buyer and the delivery address, the lines, each tax on its own line, the totals, refunds and terms.
 */
export async function invoicePdf(order: OrderOut, now: Date): Promise<Uint8Array> {
  const locale = order.locale;
  const w = WORDS[locale];
  const f = formats(locale);
  const pdf = await PdfWriter.create({ title: `${w.invoice} ${order.number}`, at: now, language: languageTag(locale) });
  const half = pdf.width / 2;

  pdf.line('Meltway', { size: 22, bold: true });
  pdf.down(2);
  pdf.put(`${w.invoice} ${order.number}`, { x: pdf.left + half, width: half, align: 'right', size: 14, bold: true });
  for (const l of [SELLER.name, ...SELLER.address]) pdf.line(l, { muted: true, size: 9 });
  pdf.line(`${w.gstHst} ${SELLER.gstHstNumber}`, { size: 9 });
  if (order.taxes.some((t) => t.code === 'QST')) pdf.line(`${w.qst} ${SELLER.qstNumber}`, { size: 9 });
  pdf.down(8);

  const facts: [string, string][] = [
    [w.number, order.number],
    [w.date, f.date(order.created_at)],
    [w.status, STATUS[locale][order.status]],
  ];
  for (const [label, value] of facts) pdf.line(`${label}${f.colon}${value}`, { size: 10 });
  pdf.down(8);

  const a = order.shippingAddress;
  const billTo = [order.buyer.name, order.buyer.email, order.phone ?? ''].filter(Boolean);
  const shipTo = [a.fullname, a.line1, a.line2 ?? '', `${a.city} ${a.province}  ${a.postalCode}`, a.country === 'CA' ? 'Canada' : locale === 'fr' ? 'États-Unis' : 'United States'].filter(Boolean);
  pdf.need(16 + 14 * Math.max(billTo.length, shipTo.length));
  pdf.put(w.billTo, { bold: true });
  pdf.put(w.shipTo, { x: pdf.left + half, bold: true });
  pdf.down(15);
  for (let i = 0; i < Math.max(billTo.length, shipTo.length); i++) {
    pdf.put(billTo[i] ?? '', { size: 9 });
    pdf.put(shipTo[i] ?? '', { x: pdf.left + half, size: 9 });
    pdf.down(13);
  }
  pdf.down(12);

  const columns: Column[] = [
    { label: w.sku, width: 90 },
    { label: w.product, width: pdf.width - 90 - 40 - 90 - 92 },
    { label: w.qty, width: 40, align: 'right' },
    { label: w.unit, width: 90, align: 'right' },
    { label: w.amount, width: 92, align: 'right' },
  ];
  pdf.table(
    columns,
    order.lines.map((l) => [l.sku, localizedText(l.name, l.nameFr, order.locale), String(l.quantity), f.money(l.unitPriceCents), f.money(l.lineTotalCents)]),
  );

  // The totals stay together on one page.
  pdf.need(16 * (4 + order.taxes.length + (order.discountCents > 0 ? 1 : 0) + (order.refundedCents > 0 ? 2 : 0)));
  pdf.amountLine(w.subtotal, f.money(order.subtotalCents));
  if (order.discountCents > 0) {
    pdf.amountLine(couponLine(order.coupon, locale), f.money(-order.discountCents));
  }
  pdf.amountLine(w.shipping(SHIPPING[locale][order.shippingMethodId]), f.money(order.shippingCents));
  for (const t of order.taxes) pdf.amountLine(`${TAX_NAMES[locale][t.code]} ${f.percent(t.rate)}`, f.money(t.amountCents));
  pdf.amountLine(w.total, f.money(order.totalCents), { bold: true, size: 11 });
  if (order.refundedCents > 0) {
    pdf.amountLine(w.refunded, f.money(-order.refundedCents));
    pdf.amountLine(w.net, f.money(order.totalCents - order.refundedCents), { bold: true });
  }
  pdf.down(10);

  const refunds = order.timeline.filter((e) => e.action === 'refund' && e.amountCents);
  if (refunds.length) {
    pdf.line(w.refunds, { bold: true });
    for (const r of refunds) {
      for (const l of pdf.wrap(`${f.date(r.at)}${f.colon}${f.money(r.amountCents!)}${r.note ? ` (${r.note})` : ''}`, pdf.width, 9)) {
        pdf.line(l, { size: 9 });
      }
    }
    pdf.down(6);
  }

  pdf.line(w.terms, { bold: true });
  const terms: string[] = [];
  if (order.status === 'cancelled') terms.push(w.cancelled);
  if (order.paymentMethod === 'account') {
    terms.push(order.settledAt ? w.settled(f.date(order.settledAt)) : w.onAccount(order.paymentDueAt ? f.date(order.paymentDueAt) : ''));
  } else if (order.status !== 'cancelled') {
    terms.push(order.status === 'pending_payment' ? w.cardPending : w.card);
  }
  if (a.country !== 'CA') terms.push(w.exported);
  for (const t of terms) for (const l of pdf.wrap(t, pdf.width, 9)) pdf.line(l, { size: 9 });

  return pdf.finish(w.page);
}
