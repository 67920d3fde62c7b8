import { z } from 'zod';
import { text } from '@meltway/shared/common/fields';
import { PlaceOrderInput, ShippingAddress, type PaymentMethod, type ShippingAddressInput } from '@meltway/shared/cart-checkout/checkout.schema';
import { commerceMessages as m } from '@meltway/shared/cart-checkout/messages';
import type { Country } from '@meltway/shared/cart-checkout/regions';
import { DEFAULT_SHIPPING_METHOD, type ShippingMethodId } from '@meltway/shared/cart-checkout/shipping';

/** The checkout form as typed: every box is text; the coupon is applied apart from it. */
export type CheckoutValues = {
  email: string;
  phone: string;
  shippingAddress: Omit<ShippingAddressInput, 'country' | 'line2'> & { country: Country; line2: string };
  shippingMethodId: ShippingMethodId;
  paymentMethod: PaymentMethod;
};

const blankIsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const { email, phone, shippingMethodId, paymentMethod } = PlaceOrderInput.shape;

/**
 * The shared placement rules for the page's fields. A visitor gives an email (the order's mails go there)
 * and may give a phone; a signed-in buyer's account has both, so the form asks for neither.
 */
export const checkoutFormSchema = (guest: boolean) =>
  z.object({
    email: guest ? text({ error: m.emailRequired }).min(1, m.emailRequired).pipe(email.unwrap()) : z.unknown().transform(() => undefined),
    phone: guest ? z.preprocess(blankIsAbsent, phone) : z.unknown().transform(() => undefined),
    shippingAddress: z.preprocess(
      (address) => (address && typeof address === 'object' ? { ...address, line2: blankIsAbsent((address as { line2?: unknown }).line2) } : address),
      ShippingAddress,
    ),
    shippingMethodId: shippingMethodId.unwrap(),
    paymentMethod: paymentMethod.unwrap(),
  });
export type CheckoutOutput = z.output<ReturnType<typeof checkoutFormSchema>>;

export const checkoutDefaults = (fullname = ''): CheckoutValues => ({
  email: '',
  phone: '',
  shippingAddress: { fullname, line1: '', line2: '', city: '', province: '', postalCode: '', country: 'CA' },
  shippingMethodId: DEFAULT_SHIPPING_METHOD,
  paymentMethod: 'card',
});

/** The address as the quote takes it, or null while it is not complete and valid yet (nothing to price). */
export function quotableAddress(address: CheckoutValues['shippingAddress']) {
  const parsed = ShippingAddress.safeParse({ ...address, line2: blankIsAbsent(address.line2) });
  return parsed.success ? parsed.data : null;
}
