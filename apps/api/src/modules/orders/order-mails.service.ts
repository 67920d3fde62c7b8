import type { TaxLine } from '@meltway/shared/cart-checkout/tax';
import { SHIPPING_METHOD_IDS, type ShippingMethodId } from '@meltway/shared/cart-checkout/shipping';
import { localizedText } from '@meltway/shared/common/localized';
import type { OrderRow } from '../../db/schema/commerce.js';
import { formats, money } from '../../lib/documents/formats.js';
import type { Mail } from '../../lib/mailer.js';
import { translator } from '../../lib/i18n.js';
import { couponLine, orderCouponTerms } from './invoices.js';
import type { OrderLineRow } from './orders.repo.js';
import type { Language } from '@meltway/shared/common/language';

export type OrderMailKind = 'placed' | 'paid' | 'shipped' | 'refunded' | 'cancelled' | 'expired' | 'replaced' | 'link';

const FORMATS = { en: formats('en'), fr: formats('fr') };

type MailOrder = Pick<
  OrderRow,
  | 'id' | 'number' | 'email' | 'buyerName' | 'buyerId' | 'locale' | 'status' | 'totalCents' | 'subtotalCents' | 'discountCents' | 'shippingCents'
  | 'taxes' | 'couponCode' | 'couponPercent' | 'couponCategoryName' | 'couponCategoryNameFr' | 'shippingAddress' | 'shippingMethod' | 'paymentMethod' | 'paymentDueAt' | 'carrier' | 'trackingNumber'
>;
type MailLine = Pick<OrderLineRow, 'sku' | 'name' | 'nameFr' | 'quantity' | 'unitPriceCents' | 'lineTotalCents'>;
type Extra = { amountCents?: number; reason?: string | null; validUntil?: Date };

type MailWords = ReturnType<typeof mailWords>;
const mailWords = (locale: Language) => translator(locale, 'orders', 'orderMail');

/** Each mail's subject and first paragraph, in the words of the translator it is given. */
const TEXTS: Record<OrderMailKind, (t: MailWords, o: MailOrder, x: Extra, v: { total: string; amount: string; until: string }) => { subject: string; body: string }> = {
  placed: (t, o, _x, { total }) => ({
    subject: t('placedSubject', { number: o.number }),
    body: t(o.paymentMethod === 'account' ? 'placedOnAccount' : o.status === 'pending_payment' ? 'placedCardPending' : 'placedPaid', { number: o.number, total }),
  }),
  paid: (t, o, _x, { total }) => ({ subject: t('paidSubject', { number: o.number }), body: t('paidBody', { number: o.number, total }) }),
  shipped: (t, o) => ({ subject: t('shippedSubject', { number: o.number }), body: t('shippedBody', { number: o.number, carrier: o.carrier ?? '', tracking: o.trackingNumber ?? '' }) }),
  refunded: (t, o, x, { amount }) => ({
    subject: t('refundedSubject', { number: o.number }),
    body: `${t('refundedBody', { amount, number: o.number })}${x.reason ? ` ${t('reason', { reason: x.reason })}` : ''}`,
  }),
  cancelled: (t, o, x, { amount }) => ({
    subject: t('cancelledSubject', { number: o.number }),
    body: `${t('cancelledBody', { number: o.number })}${x.amountCents ? ` ${t('cancelledRefund', { amount })}` : ''}${x.reason ? ` ${t('reason', { reason: x.reason })}` : ''}`,
  }),
  expired: (t, o) => ({ subject: t('cancelledSubject', { number: o.number }), body: t('expiredBody', { number: o.number }) }),
  link: (t, o, _x, { until }) => ({ subject: t('linkSubject', { number: o.number }), body: t('linkBody', { number: o.number, until }) }),
  replaced: (t, o) => ({ subject: t('cancelledSubject', { number: o.number }), body: t('replacedBody', { number: o.number }) }),
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Where the mail sends its reader: a signed-in buyer's order page, a guest's signed link, else the look-up page. */
export type OrderMailLinks = {
  /** The order's signed link token (`/orders/view/<token>`), when the mail is sent with one. */
  token?: string;
  /** The order's lines, for a mail that lists them (the confirmation). */
  lines?: MailLine[];
};

/** What the confirmation details: lines, totals, address, shipping and payment. Rows are [label, value]. */
function details(order: MailOrder, lines: MailLine[], locale: Language) {
  const w = mailWords(locale);
  const table = translator(locale, 'orders', 'orderTable');
  const f = FORMATS[locale];
  const known = (SHIPPING_METHOD_IDS as readonly string[]).includes(order.shippingMethod);
  const method = known ? table(`shippingMethods.${order.shippingMethod as ShippingMethodId}`) : order.shippingMethod;
  const totals: [string, string, boolean?][] = [[table('subtotal'), money(order.subtotalCents, locale)]];
  if (order.discountCents > 0) {
    totals.push([couponLine(orderCouponTerms(order), locale), money(-order.discountCents, locale)]);
  }
  totals.push([table('shipping', { method }), money(order.shippingCents, locale)]);
  for (const tax of order.taxes as TaxLine[]) totals.push([`${table(`taxNames.${tax.code}`)} ${f.percent(tax.rate)}`, money(tax.amountCents, locale)]);
  totals.push([table('total'), money(order.totalCents, locale), true]);
  const a = order.shippingAddress;
  const address = [a.fullname, a.line1, a.line2 ?? '', `${a.city} ${a.province}  ${a.postalCode}`, table(`countries.${a.country}`)].filter(Boolean);
  const payment =
    order.paymentMethod === 'account'
      ? w('onAccount', { due: order.paymentDueAt ? f.date(order.paymentDueAt) : '' })
      : order.status === 'pending_payment'
        ? w('cardToPay')
        : order.totalCents === 0
          ? w('free')
          : w('cardPaid');
  const rows = lines.map((l) => ({
    name: localizedText(l.name, l.nameFr, locale),
    sku: l.sku,
    qty: String(l.quantity),
    unit: money(l.unitPriceCents, locale),
    amount: money(l.lineTotalCents, locale),
  }));
  return { rows, totals, address, method, payment };
}

const CELL = 'padding:4px 8px;border-bottom:1px solid #ddd;';
const RIGHT = `${CELL}text-align:right;white-space:nowrap;`;

function confirmationHtml(d: ReturnType<typeof details>, locale: Language) {
  const w = mailWords(locale);
  const table = translator(locale, 'orders', 'orderTable');
  const e = escapeHtml;
  const head = [table('product'), table('sku'), table('qty'), table('unit'), table('amount')]
    .map((h, i) => `<th style="${i >= 2 ? RIGHT : CELL}text-align:${i >= 2 ? 'right' : 'left'};background:#f3f4f6;">${e(h)}</th>`)
    .join('');
  const body = d.rows
    .map((r) => `<tr><td style="${CELL}">${e(r.name)}</td><td style="${CELL}">${e(r.sku)}</td><td style="${RIGHT}">${e(r.qty)}</td><td style="${RIGHT}">${e(r.unit)}</td><td style="${RIGHT}">${e(r.amount)}</td></tr>`)
    .join('');
  const totals = d.totals
    .map(([label, value, strong]) => `<tr><td colspan="4" style="${RIGHT}${strong ? 'font-weight:bold;' : ''}">${e(label)}</td><td style="${RIGHT}${strong ? 'font-weight:bold;' : ''}">${e(value)}</td></tr>`)
    .join('');
  return (
    `<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;width:100%;max-width:640px;font-size:14px;margin:16px 0;">` +
    `<thead><tr>${head}</tr></thead><tbody>${body}${totals}</tbody></table>` +
    `<p style="margin:12px 0 4px;font-weight:bold;">${e(table('shipTo'))}</p><p style="margin:0;">${d.address.map(e).join('<br>')}</p>` +
    `<p style="margin:12px 0 4px;"><strong>${e(w('method'))}</strong>${e(FORMATS[locale].colon)}${e(d.method)}</p>` +
    `<p style="margin:12px 0 4px;"><strong>${e(w('payment'))}</strong>${e(FORMATS[locale].colon)}${e(d.payment)}</p>`
  );
}

function confirmationText(d: ReturnType<typeof details>, locale: Language) {
  const w = mailWords(locale);
  const table = translator(locale, 'orders', 'orderTable');
  const c = FORMATS[locale].colon;
  const lines = d.rows.map((r) => `- ${r.name} (${table('sku')}${c}${r.sku}): ${r.qty} × ${r.unit} = ${r.amount}`);
  const totals = d.totals.map(([label, value]) => `${label}${c}${value}`);
  return [...lines, '', ...totals, '', `${table('shipTo')}${c.trimEnd()}`, ...d.address.map((l) => `  ${l}`), '', `${w('method')}${c}${d.method}`, `${w('payment')}${c}${d.payment}`].join('\n');
}

/** Whether the order's invoice goes with its mails as a PDF: an account order, or a card order paid (or free). */
const invoiceAttached = (order: Pick<MailOrder, 'paymentMethod' | 'status'>) => order.paymentMethod === 'account' || order.status !== 'pending_payment';

/**
 * The buyer's mail about an order, in the order's language, as text and as simple inline-styled HTML
 * (every value escaped); queue it with `enqueueMail` in the change's transaction. The confirmation
 * (`placed`, with `links.lines`) lists the lines, totals, address, shipping and payment, and names the
 * invoice for the outbox to attach when it sends the mail; a card order not yet paid gets the invoice's
 * signed link instead. A guest's mail links to the order's signed page when `links.token` is given,
 * else to the page that mails that link again.
 */
export function orderMail(kind: OrderMailKind, order: MailOrder, publicUrl: string, extra: Extra = {}, links: OrderMailLinks = {}): Mail {
  const locale: Language = order.locale === 'fr' ? 'fr' : 'en';
  const w = mailWords(locale);
  const { subject, body } = TEXTS[kind](w, order, extra, {
    total: money(order.totalCents, locale),
    amount: money(extra.amountCents ?? 0, locale),
    until: extra.validUntil ? FORMATS[locale].date(extra.validUntil) : '',
  });
  const link = order.buyerId && kind !== 'link' ? `${publicUrl}/orders/${order.id}` : links.token ? `${publicUrl}/orders/view/${links.token}` : `${publicUrl}/orders/lookup`;
  const d = kind === 'placed' && links.lines ? details(order, links.lines, locale) : null;
  // A payment mail follows the payment, whatever the row it was built from still says.
  const attach = kind === 'paid' || (kind === 'placed' && invoiceAttached(order));
  const invoiceUrl = kind === 'placed' && !attach && links.token ? `${publicUrl}/api/v1/orders/view/${links.token}/invoice.pdf` : null;
  const c = FORMATS[locale].colon;

  const text = [
    w('hello', { name: order.buyerName }),
    '',
    body,
    ...(d ? ['', confirmationText(d, locale)] : []),
    ...(attach ? ['', w('invoiceAttached')] : []),
    ...(invoiceUrl ? ['', `${w('invoiceLink')}${c}${invoiceUrl}`] : []),
    '',
    `${w('follow')}${c}${link}`,
    '',
    'Meltway',
  ].join('\n');

  const e = escapeHtml;
  const button = 'display:inline-block;padding:10px 16px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:4px;';
  const html =
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(subject)}</title></head>` +
    `<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.45;">` +
    `<div style="max-width:640px;margin:0 auto;">` +
    `<p style="font-size:20px;font-weight:bold;margin:0 0 16px;">Meltway</p>` +
    `<p>${e(w('hello', { name: order.buyerName }))}</p><p>${e(body)}</p>` +
    (d ? confirmationHtml(d, locale) : '') +
    (attach ? `<p>${e(w('invoiceAttached'))}</p>` : '') +
    (invoiceUrl ? `<p><a href="${e(invoiceUrl)}">${e(w('invoiceLink'))}</a></p>` : '') +
    `<p style="margin:20px 0;"><a href="${e(link)}" style="${button}">${e(w('follow'))}</a></p>` +
    `<p style="font-size:12px;color:#4b5563;">${e(link)}</p>` +
    `<p>Meltway</p></div></body></html>`;

  return { to: order.email, subject, text: `${text}\n`, html, ...(attach ? { attach: [{ invoiceOf: order.id }] } : {}) };
}
