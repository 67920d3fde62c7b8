import type { Mail } from '../../lib/mailer.js';
import type { OrderRow } from './orders.repo.js';

export type OrderMailKind = 'placed' | 'paid' | 'shipped' | 'refunded' | 'cancelled' | 'expired' | 'replaced';
type Locale = 'en' | 'fr';

// Made once: building a formatter costs far more than using it, and every placement writes a mail.
const CAD: Record<Locale, Intl.NumberFormat> = {
  en: new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' }),
  fr: new Intl.NumberFormat('fr-CA', { style: 'currency', currency: 'CAD' }),
};

/** Cents as the buyer reads them, in CAD: "$1,234.50" or "1 234,50 $". */
export const money = (cents: number, locale: Locale) => CAD[locale === 'fr' ? 'fr' : 'en'].format(cents / 100);

type MailOrder = Pick<OrderRow, 'id' | 'number' | 'email' | 'buyerName' | 'buyerId' | 'locale' | 'totalCents' | 'paymentMethod' | 'carrier' | 'trackingNumber'>;
type Extra = { amountCents?: number; reason?: string | null };

const TEXTS: Record<Locale, Record<OrderMailKind, (o: MailOrder, x: Extra, total: string, amount: string) => { subject: string; body: string }>> = {
  en: {
    placed: (o, _x, total) => ({
      subject: `Order ${o.number} received`,
      body:
        o.paymentMethod === 'account'
          ? `We received your order ${o.number} (${total}), placed on your account: the invoice is due in 30 days.`
          : `We received your order ${o.number} (${total}). It is confirmed as soon as the card payment goes through.`,
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
          : `Nous avons reçu votre commande ${o.number} (${total}). Elle est confirmée dès que le paiement par carte est accepté.`,
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
    replaced: (o) => ({
      subject: `Commande ${o.number} annulée`,
      body: `Votre commande ${o.number} a été annulée avant d’être payée parce que vous avez passé une commande par carte plus récente : seule la plus récente commande par carte non payée est gardée. Rien n’a été débité pour elle.`,
    }),
  },
};

const SIGN_OFF: Record<Locale, (link: string) => string> = {
  en: (link) => `\n\nFollow your order: ${link}\n\nMeltway`,
  fr: (link) => `\n\nSuivre votre commande : ${link}\n\nMeltway`,
};

/** The buyer's mail about a change of an order, in the order's language; queue it with `enqueueMail` in the change's transaction. */
export function orderMail(kind: OrderMailKind, order: MailOrder, publicUrl: string, extra: Extra = {}): Mail {
  const locale: Locale = order.locale === 'fr' ? 'fr' : 'en';
  const { subject, body } = TEXTS[locale][kind](order, extra, money(order.totalCents, locale), money(extra.amountCents ?? 0, locale));
  // Guests have no account to open the order in: their link is the shop.
  const link = order.buyerId ? `${publicUrl}/orders/${order.id}` : `${publicUrl}/`;
  return { to: order.email, subject, text: `${order.buyerName},\n\n${body}${SIGN_OFF[locale](link)}\n` };
}
