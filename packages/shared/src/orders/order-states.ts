/**
 * pending_payment: a card order waiting for the payment provider (its stock held 30 minutes);
 * paid: the provider confirmed the payment; on_account: placed on a trade account, invoice due in 30 days;
 * processing, shipped (carrier and tracking number), delivered; cancelled; refunded: refunded in whole
 * (a partial refund keeps the status and adds to `refundedCents`).
 */
export const ORDER_STATUSES = ['pending_payment', 'paid', 'on_account', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_ACTIONS = ['place', 'pay', 'process', 'ship', 'deliver', 'cancel', 'refund', 'settle'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/**
 * Who moves an order: an admin, the dealer of the buyer (or the dealer who bought), the buyer, or the
 * system (the payment webhook, the release of an expired stock hold).
 */
export const ORDER_ACTORS = ['admin', 'dealer', 'buyer', 'system'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

export type OrderTransition = {
  action: OrderAction;
  from: readonly OrderStatus[];
  /** The status after it; null: the status stays (a partial refund, settling an on-account invoice). */
  to: OrderStatus | null;
  by: readonly OrderActor[];
};

/**
 * THE table of who may move which step. The API refuses anything not in it (409 for a step the
 * status does not allow, 403/404 for an actor it does not name) and each order answers the actions its
 * reader may take from it, so the pages show only buttons that work.
 *
 * - place: how an order begins (to pending_payment for a card, on_account on account); listed so the
 *   timeline's first entry has a row.
 * - refund: `to` is 'refunded' for the whole remaining amount; a partial refund keeps the status.
 * - cancel: gives the stock back once and the coupon use back; a card payment already taken is refunded.
 * - settle: an on-account invoice is paid (the money arrived by cheque or transfer).
 */
export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  { action: 'place', from: [], to: null, by: ['buyer'] },
  { action: 'pay', from: ['pending_payment'], to: 'paid', by: ['system'] },
  { action: 'process', from: ['paid', 'on_account'], to: 'processing', by: ['admin'] },
  { action: 'ship', from: ['paid', 'on_account', 'processing'], to: 'shipped', by: ['admin'] },
  { action: 'deliver', from: ['shipped'], to: 'delivered', by: ['admin'] },
  { action: 'cancel', from: ['pending_payment'], to: 'cancelled', by: ['admin', 'buyer', 'system'] },
  { action: 'cancel', from: ['paid', 'on_account', 'processing'], to: 'cancelled', by: ['admin'] },
  { action: 'refund', from: ['paid', 'processing', 'shipped', 'delivered'], to: 'refunded', by: ['admin'] },
  { action: 'settle', from: ['on_account', 'processing', 'shipped', 'delivered'], to: null, by: ['admin'] },
];

/** The transition that lets `by` take `action` from `status`, if any. */
export const transitionFor = (action: OrderAction, status: OrderStatus, by: OrderActor): OrderTransition | undefined =>
  ORDER_TRANSITIONS.find((t) => t.action === action && t.from.includes(status) && t.by.includes(by));

/** The actions `by` may take on an order in `status`. */
export const actionsFor = (status: OrderStatus, by: OrderActor): OrderAction[] => [
  ...new Set(ORDER_TRANSITIONS.filter((t) => t.from.includes(status) && t.by.includes(by)).map((t) => t.action)),
];

/** An unpaid card order keeps its stock this long, then the system cancels it and gives the stock back. */
export const CARD_HOLD_MINUTES = 30;
/** On-account invoices are due this many days after the order. */
export const ACCOUNT_TERMS_DAYS = 30;
