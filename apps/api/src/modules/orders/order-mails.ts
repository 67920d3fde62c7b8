import type { TaxLine } from '@meltway/shared/cart-checkout/tax';
import type { ShippingMethodId } from '@meltway/shared/cart-checkout/shipping';
import { localizedText } from '@meltway/shared/common/localized';
import { formats, money } from '../../lib/documents/formats.js';
import type { Mail } from '../../lib/mailer.js';
import { couponLine, ORDER_TABLE_WORDS, orderCouponTerms, SHIPPING, TAX_NAMES } from './invoices.js';
import type { OrderLineRow, OrderRow } from './orders.repo.js';
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

const TEXTS: Record<Language, Record<OrderMailKind, (o: MailOrder, x: Extra, total: string, amount: string) => { subject: string; body: string }>> = {
  en: {
    placed: (o, _x, total) => ({
      subject: `Order ${o.number} received`,
      body:
        o.paymentMethod === 'account'
          ? `We received your order ${o.number} (${total}), placed on your account: the invoice is due in 30 days.`
          : o.status === 'pending_payment'
            ? `We received your order ${o.number} (${total}). It is confirmed as soon as the card payment goes through.`
            : `We received your order ${o.number} (${total}) and its payment. We are preparing it.`,
    }),
    paid: (o, _x, total) => ({ subject: `Payment received for order ${o.number}`, body: `Your payment of ${total} for order ${o.number} was received. We are preparing it.` }),
    shipped: (o) => ({ subject: `Order ${o.number} has shipped`, body: `Your order ${o.number} is on its way with ${o.carrier ?? ''}, tracking number ${o.trackingNumber ?? ''}.` }),
    refunded: (o, x, _t, amount) => ({ subject: `Refund for order ${o.number}`, body: `We refunded ${amount} for order ${o.number}.${x.reason ? ` Reason: ${x.reason}` : ''}` }),
    cancelled: (o, x, _t, amount) => ({
      subject: `Order ${o.number} cancelled`,
      body: `Your order ${o.number} was cancelled.${x.amountCents ? ` We refunded ${amount}.` : ''}${x.reason ? ` Reason: ${x.reason}` : ''}`,
    }),
    expired: (o) => ({
      subject: `Order ${o.number} cancelled`,
      body: `Your order ${o.number} was cancelled because its card payment was not completed within 30 minutes. Its products are back on sale: you are welcome to order again.`,
    }),
    link: (o, x) => ({
      subject: `Your link to order ${o.number}`,
      body: `You asked for the link to your order ${o.number}. It opens the order without an account until ${x.validUntil ? FORMATS.en.date(x.validUntil) : ''}.`,
    }),
    replaced: (o) => ({
      subject: `Order ${o.number} cancelled`,
      body: `Your order ${o.number} was cancelled before it was paid because you placed a newer card order: only the newest unpaid card order is kept. Nothing was charged for it.`,
    }),
  },
  fr: {
    placed: (o, _x, total) => ({
      subject: `Commande ${o.number} reçue`,
      body:
        o.paymentMethod === 'account'
          ? `Nous avons reçu votre commande ${o.number} (${total}), portée à votre compte : la facture est payable dans 30 jours.`
          : o.status === 'pending_payment'
            ? `Nous avons reçu votre commande ${o.number} (${total}). Elle est confirmée dès que le paiement par carte est accepté.`
            : `Nous avons reçu votre commande ${o.number} (${total}) et son paiement. Nous la préparons.`,
    }),
    paid: (o, _x, total) => ({ subject: `Paiement reçu pour la commande ${o.number}`, body: `Votre paiement de ${total} pour la commande ${o.number} a été reçu. Nous la préparons.` }),
    shipped: (o) => ({ subject: `Commande ${o.number} expédiée`, body: `Votre commande ${o.number} est en route avec ${o.carrier ?? ''}, numéro de suivi ${o.trackingNumber ?? ''}.` }),
    refunded: (o, x, _t, amount) => ({ subject: `Remboursement de la commande ${o.number}`, body: `Nous avons remboursé ${amount} pour la commande ${o.number}.${x.reason ? ` Motif : ${x.reason}` : ''}` }),
    cancelled: (o, x, _t, amount) => ({
      subject: `Commande ${o.number} annulée`,
      body: `Votre commande ${o.number} a été annulée.${x.amountCents ? ` Nous avons remboursé ${amount}.` : ''}${x.reason ? ` Motif : ${x.reason}` : ''}`,
    }),
    expired: (o) => ({
      subject: `Commande ${o.number} annulée`,
      body: `Votre commande ${o.number} a été annulée parce que son paiement par carte n’a pas été fait dans les 30 minutes. Ses produits sont de nouveau en vente : vous pouvez commander de nouveau.`,
    }),
    link: (o, x) => ({
      subject: `Votre lien vers la commande ${o.number}`,
      body: `Vous avez demandé le lien de votre commande ${o.number}. Il ouvre la commande sans compte jusqu’au ${x.validUntil ? FORMATS.fr.date(x.validUntil) : ''}.`,
    }),
    replaced: (o) => ({
      subject: `Commande ${o.number} annulée`,
      body: `Votre commande ${o.number} a été annulée avant d’être payée parce que vous avez passé une commande par carte plus récente : seule la plus récente commande par carte non payée est gardée. Rien n’a été débité pour elle.`,
    }),
  },
};

const WORDS = {
  en: {
    hello: (name: string) => `${name},`,
    follow: 'Follow your order',
    ...ORDER_TABLE_WORDS.en,
    method: 'Shipping method',
    payment: 'Payment',
    onAccount: (due: string) => `On account: payment due ${due}.`,
    cardPaid: 'Paid by card.',
    cardToPay: 'By card, to be paid: the order is confirmed when the payment goes through.',
    free: 'Nothing to pay.',
    invoiceAttached: 'Your invoice is attached (PDF).',
    invoiceLink: 'Your invoice (PDF)',
    country: { CA: 'Canada', US: 'United States' },
  },
  fr: {
    hello: (name: string) => `${name},`,
    follow: 'Suivre votre commande',
    ...ORDER_TABLE_WORDS.fr,
    method: 'Mode de livraison',
    payment: 'Paiement',
    onAccount: (due: string) => `Portée au compte : payable le ${due}.`,
    cardPaid: 'Payée par carte.',
    cardToPay: 'Par carte, à payer : la commande est confirmée dès que le paiement est accepté.',
    free: 'Rien à payer.',
    invoiceAttached: 'Votre facture est jointe (PDF).',
    invoiceLink: 'Votre facture (PDF)',
    country: { CA: 'Canada', US: 'États-Unis' },
  },
} as const;

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
  const w = WORDS[locale];
  const f = FORMATS[locale];
  const method = SHIPPING[locale][order.shippingMethod as ShippingMethodId] ?? order.shippingMethod;
  const totals: [string, string, boolean?][] = [[w.subtotal, money(order.subtotalCents, locale)]];
  if (order.discountCents > 0) {
    totals.push([couponLine(orderCouponTerms(order), locale), money(-order.discountCents, locale)]);
  }
  totals.push([w.shipping(method), money(order.shippingCents, locale)]);
  for (const t of order.taxes as TaxLine[]) totals.push([`${TAX_NAMES[locale][t.code]} ${f.percent(t.rate)}`, money(t.amountCents, locale)]);
  totals.push([w.total, money(order.totalCents, locale), true]);
  const a = order.shippingAddress;
  const address = [a.fullname, a.line1, a.line2 ?? '', `${a.city} ${a.province}  ${a.postalCode}`, w.country[a.country]].filter(Boolean);
  const payment =
    order.paymentMethod === 'account'
      ? w.onAccount(order.paymentDueAt ? f.date(order.paymentDueAt) : '')
      : order.status === 'pending_payment'
        ? w.cardToPay
        : order.totalCents === 0
          ? w.free
          : w.cardPaid;
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
  const w = WORDS[locale];
  const e = escapeHtml;
  const head = [w.product, w.sku, w.qty, w.unit, w.amount]
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
    `<p style="margin:12px 0 4px;font-weight:bold;">${e(w.shipTo)}</p><p style="margin:0;">${d.address.map(e).join('<br>')}</p>` +
    `<p style="margin:12px 0 4px;"><strong>${e(w.method)}</strong>${e(FORMATS[locale].colon)}${e(d.method)}</p>` +
    `<p style="margin:12px 0 4px;"><strong>${e(w.payment)}</strong>${e(FORMATS[locale].colon)}${e(d.payment)}</p>`
  );
}

function confirmationText(d: ReturnType<typeof details>, locale: Language) {
  const w = WORDS[locale];
  const c = FORMATS[locale].colon;
  const lines = d.rows.map((r) => `- ${r.name} (${w.sku}${c}${r.sku}): ${r.qty} × ${r.unit} = ${r.amount}`);
  const totals = d.totals.map(([label, value]) => `${label}${c}${value}`);
  return [...lines, '', ...totals, '', `${w.shipTo}${c.trimEnd()}`, ...d.address.map((l) => `  ${l}`), '', `${w.method}${c}${d.method}`, `${w.payment}${c}${d.payment}`].join('\n');
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
  const w = WORDS[locale];
  const { subject, body } = TEXTS[locale][kind](order, extra, money(order.totalCents, locale), money(extra.amountCents ?? 0, locale));
  const link = order.buyerId && kind !== 'link' ? `${publicUrl}/orders/${order.id}` : links.token ? `${publicUrl}/orders/view/${links.token}` : `${publicUrl}/orders/lookup`;
  const d = kind === 'placed' && links.lines ? details(order, links.lines, locale) : null;
  // A payment mail follows the payment, whatever the row it was built from still says.
  const attach = kind === 'paid' || (kind === 'placed' && invoiceAttached(order));
  const invoiceUrl = kind === 'placed' && !attach && links.token ? `${publicUrl}/api/v1/orders/view/${links.token}/invoice.pdf` : null;
  const c = FORMATS[locale].colon;

  const text = [
    w.hello(order.buyerName),
    '',
    body,
    ...(d ? ['', confirmationText(d, locale)] : []),
    ...(attach ? ['', w.invoiceAttached] : []),
    ...(invoiceUrl ? ['', `${w.invoiceLink}${c}${invoiceUrl}`] : []),
    '',
    `${w.follow}${c}${link}`,
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
    `<p>${e(w.hello(order.buyerName))}</p><p>${e(body)}</p>` +
    (d ? confirmationHtml(d, locale) : '') +
    (attach ? `<p>${e(w.invoiceAttached)}</p>` : '') +
    (invoiceUrl ? `<p><a href="${e(invoiceUrl)}">${e(w.invoiceLink)}</a></p>` : '') +
    `<p style="margin:20px 0;"><a href="${e(link)}" style="${button}">${e(w.follow)}</a></p>` +
    `<p style="font-size:12px;color:#4b5563;">${e(link)}</p>` +
    `<p>Meltway</p></div></body></html>`;

  return { to: order.email, subject, text: `${text}\n`, html, ...(attach ? { attach: [{ invoiceOf: order.id }] } : {}) };
}
