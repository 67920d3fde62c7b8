import { useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import type { CartOut } from '@meltway/shared/cart-checkout/cart.schema';
import type { QuoteInput } from '@meltway/shared/cart-checkout/checkout.schema';
import type { PlacedOrderOut } from '@meltway/shared/orders/order.schema';
import { ApiError } from '@/lib/api-client';
import { codeText, errorText, showServerIssues, useMessageT } from '@/lib/error-text';
import { currentLanguage } from '@/lib/i18n';
import type { SessionUser } from '@/lib/session';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useLocalCartLines } from '@/lib/cart-store';
import { usePlaceOrder, useQuote, useSavedShippingAddress } from '../api/checkout';
import { AddressSection } from './address-section';
import { CheckoutReview } from './checkout-review';
import { checkoutDefaults, checkoutFormSchema, quotableAddress, type CheckoutOutput, type CheckoutValues } from './checkout-form-schema';
import { ContactSection } from './contact-section';
import { CouponSection, isCouponMessage } from './coupon-section';
import { PaymentMethodSection } from './payment-method-section';
import { ShippingMethodSection } from './shipping-method-section';

/** The form's fields the server's refusals may name; anything else is said above the button. */
const FIELDS = [
  'email',
  'phone',
  'shippingAddress.fullname',
  'shippingAddress.line1',
  'shippingAddress.line2',
  'shippingAddress.city',
  'shippingAddress.province',
  'shippingAddress.postalCode',
  'shippingAddress.country',
  'shippingMethodId',
  'paymentMethod',
] as const;

type Props = {
  user: SessionUser | null;
  /** The cart as the server prices it (a visitor's local lines, or the signed-in buyer's server cart). */
  cart: CartOut;
  onSwitchAccount?: () => void;
  onPlaced: (order: PlacedOrderOut) => void;
};

/** The checkout's steps on one page: contact, address, shipping, coupon, payment and the review that places the order. */
export function CheckoutForm({ user, cart, onSwitchAccount, onPlaced }: Props) {
  const { t } = useMessageT('commerce');
  const guest = !user;
  const schema = useMemo(() => checkoutFormSchema(guest) as unknown as z.ZodType<CheckoutOutput, CheckoutValues>, [guest]);
  const saved = useSavedShippingAddress(user?.id);
  const form = useSchemaForm<CheckoutValues, CheckoutOutput>(schema, checkoutDefaults(user?.fullname));
  const { control, setValue, setError, handleSubmit } = form;
  const [address, shippingMethodId, paymentMethod] = useWatch({ control, name: ['shippingAddress', 'shippingMethodId', 'paymentMethod'] });
  const [coupon, setCoupon] = useState<string | undefined>();
  const [couponError, setCouponError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const localLines = useLocalCartLines();
  const items = guest ? localLines.map(({ productId, quantity }) => ({ productId, quantity })) : undefined;

  // The quote's messages (names, sums) and the order's mails and invoice are written in the page's language.
  const locale = currentLanguage();
  const shippingAddress = quotableAddress(address);
  const quoteInput: QuoteInput | null = shippingAddress
    ? { items, shippingAddress, shippingMethodId, couponCode: coupon, paymentMethod, locale }
    : null;
  const cartStamp = cart.items.map((l) => `${l.productId}:${l.quantity}`).join(',');
  const quoteQuery = useQuote(quoteInput, cartStamp);
  // A quote for another address (the one before the address became incomplete) is not shown.
  const quote = quoteInput ? quoteQuery.data : undefined;
  const quoting = !!quoteInput && quoteQuery.isFetching;

  // The server decides who may pay on account; a choice it no longer allows goes back to the card.
  useEffect(() => {
    if (quote && !quote.account.allowed && paymentMethod === 'account') setValue('paymentMethod', 'card');
  }, [quote, paymentMethod, setValue]);

  const place = usePlaceOrder();
  const placing = useRef(false);
  const submit = async (values: CheckoutOutput) => {
    if (placing.current) return;
    setFailure(undefined);
    setCouponError(undefined);
    if (quote && !quote.canPlace) {
      setFailure(t('checkout.review.cannotPlace'));
      return;
    }
    placing.current = true;
    try {
      const order = await place.mutateAsync({
        items,
        shippingAddress: values.shippingAddress,
        shippingMethodId: values.shippingMethodId,
        couponCode: coupon,
        paymentMethod: values.paymentMethod,
        email: values.email,
        phone: values.phone,
        locale,
      });
      onPlaced(order);
    } catch (error) {
      const couponIssue = error instanceof ApiError ? error.issues.find((i) => i.path === 'couponCode') : undefined;
      if (couponIssue) setCouponError(codeText(t, couponIssue.code, couponIssue.params, couponIssue.message));
      const onField = showServerIssues(t, error, setError, { fields: FIELDS });
      if (!onField && !couponIssue) setFailure(errorText(t, error, t('checkout.review.placeFailed')));
    } finally {
      placing.current = false;
    }
  };

  const messages = quote ? quote.messages.filter((m) => !isCouponMessage(m) && m.code !== 'commerce.couponApplied') : [];
  const quoteError = quoteInput && quoteQuery.isError && !quoteQuery.data ? errorText(t, quoteQuery.error, t('checkout.review.quoteFailed')) : undefined;

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)} className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <div className="grid min-w-0 gap-6">
          <ContactSection user={user} onSwitchAccount={onSwitchAccount} />
          <AddressSection saved={saved.data} />
          <ShippingMethodSection quote={quote} />
          <CouponSection
            applied={coupon}
            onApply={(code) => {
              setCouponError(undefined);
              setCoupon(code);
            }}
            quote={quote}
            checking={quoting}
            serverError={couponError}
          />
          <PaymentMethodSection quote={quote} />
        </div>
        <CheckoutReview
          cart={cart}
          quote={quote}
          quoting={quoting}
          quoteError={quoteError}
          messages={messages}
          placing={place.isPending}
          failure={failure}
        />
      </form>
    </FormProvider>
  );
}
