import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a guest's order link says when it is checked: the order it names, or why it opens nothing. */
type OrderLinkCheck = { orderId: string } | { expired: true } | null;

export type OrderLinks = {
  /** A token naming the order, valid for the configured number of days from `now`. */
  sign(orderId: string, now: Date): string;
  /** The order a token names; `{ expired }` for a genuine token past its expiry; null for anything else. */
  verify(token: string, now: Date): OrderLinkCheck;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DAY_SECONDS = 86_400;

/**
 * Signed links that open one order without a sign-in (the guest's confirmation mail, the order look-up).
 * A token is `<expiry, seconds in base 36>.<HMAC-SHA256 of the order id and expiry>.<order id>`: nothing is stored,
 * so a link lives until its expiry. The HMAC key is derived from the app's secret for this use alone. The order id
 * comes last so that the page's address never ends like a file name (`.abc`), which the server would not render.
 */
export function orderLinks(secret: string, days: number): OrderLinks {
  const key = createHmac('sha256', secret).update('meltway order link').digest();
  const mac = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  return {
    sign(orderId, now) {
      const expiry = (Math.floor(now.getTime() / 1000) + days * DAY_SECONDS).toString(36);
      return `${expiry}.${mac(`${orderId}.${expiry}`)}.${orderId}`;
    },
    verify(token, now) {
      const parts = token.split('.');
      if (parts.length !== 3) return null;
      const [expiry = '', signature = '', orderId = ''] = parts;
      if (!UUID.test(orderId) || !/^[0-9a-z]{1,10}$/.test(expiry)) return null;
      const expected = Buffer.from(mac(`${orderId}.${expiry}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return parseInt(expiry, 36) * 1000 <= now.getTime() ? { expired: true } : { orderId };
    },
  };
}
