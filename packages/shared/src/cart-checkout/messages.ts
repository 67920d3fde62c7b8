/**
 * Every message a user can read from the three commerce domains (cart-checkout, orders, payments), in English. Their
 * wire namespace stays `commerce`: codes are `commerce.<key>` (a contract with every client), and the web app
 * translates them by that code. One file, so a key is defined once for the three (docs/architecture.md).
 */
export const commerceMessages = {
  quantityInvalid: 'Quantity must be a whole number, 0 or more',
  productNotFound: 'Product not found',
  notInCart: 'This product is not in your cart',
  notEnoughStock: 'Not enough stock: only {stock} left',
  outOfStock: 'This product is out of stock',
  tooManyLines: 'A cart can hold at most 100 different products',

  // Checkout
  cartEmpty: 'Your cart is empty',
  productUnavailable: '{name} is no longer available',
  lineNotEnoughStock: 'Only {stock} of {name} left in stock',
  fullnameRequired: 'Full name is required',
  line1Required: 'Address is required',
  cityRequired: 'City is required',
  provinceInvalid: 'Choose a province or state',
  postalCodeInvalid: 'Enter a postal code like A1A 1A1',
  postalCodeOtherProvince: 'This postal code is not in the province chosen: check both',
  zipInvalid: 'Enter a ZIP code like 12345',
  countryInvalid: 'We ship to Canada and the United States',
  shippingMethodInvalid: 'Choose a shipping method',
  shippingMethodUnavailable: 'This shipping method is not available for this address',
  paymentMethodInvalid: 'Choose a payment method',
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  phoneInvalid: 'Enter a valid phone number',
  guestItemsRequired: 'Add products to your cart first',
  accountNotAllowed: 'Paying on account is for approved dealers and contractors',
  creditLimitExceeded: 'This order is over your available credit of {available}',
  idempotencyKeyInvalid: 'Idempotency-Key must be 8 to 100 letters, digits, - or _',
  tooManyGuestOrders: 'Too many orders from this address. Please sign in or try again later',
  idempotencyKeyReused: 'This Idempotency-Key was used for a different order',
  orderTooLarge: 'This order is too large to place online: please contact us',

  // Coupons
  couponNotFound: 'This coupon code does not exist',
  couponNotStarted: 'This coupon is not valid yet',
  couponExpired: 'This coupon has expired',
  couponUsedUp: 'This coupon has already been used',
  couponCustomerLimit: 'You have already used this coupon',
  couponMinimum: 'This coupon needs a subtotal of at least {minimum}',
  couponCategory: 'This coupon applies only to products in {category}',
  couponApplied: 'Coupon {code} applied: {percent}% off',
  couponNameRequired: 'Name is required',
  couponCodeRequired: 'Code is required',
  couponCodeInvalid: 'Use 3 to 40 letters, digits, - or _',
  couponCodeTaken: 'This code is already used by another coupon',
  couponPercentInvalid: 'Discount must be a whole percent from 1 to 100',
  couponDatesInvalid: 'The end date must be after the start date',
  couponLimitInvalid: 'A limit must be a whole number, 1 or more',
  couponMinimumInvalid: 'The minimum subtotal must be an amount of $0.00 or more',
  couponLimitBelowUsed: 'This coupon was already used {used} times: the limit cannot be lower',

  // Orders
  orderNotFound: 'Order not found',
  orderActionNotAllowed: 'This order cannot be {action} now',
  carrierRequired: 'Carrier is required',
  trackingRequired: 'Tracking number is required',
  refundAmountInvalid: 'Refund between $0.01 and {max}',
  orderNotPayable: 'This order is not waiting for a card payment',
  paymentSignatureInvalid: 'Invalid signature',
  testProviderDisabled: 'The test card provider is off: real card payments are set up',
  refundFailed: 'The card refund did not go through, so nothing was changed: try again',
  // Notes the system writes in an order's timeline (the page translates them by `noteCode`)
  paymentFailed: 'The card payment did not go through',
  paymentAmountMismatch: 'A card payment did not match the order total: the order was not marked paid',
  paymentAfterCancel: 'The card payment arrived after the order was cancelled: it was refunded in full',
  holdExpired: 'Not paid within 30 minutes: the order was cancelled and its stock went back on sale',
  replacedByNewerOrder: 'Replaced by a newer card order before it was paid: its stock went back on sale',
  creditLimitInvalid: 'Credit limit must be a whole number of cents, 0 or more',
  monthInvalid: 'Enter a month as YYYY-MM',

  // Tax rates
  taxCodeInvalid: 'Choose a tax: GST, HST, PST, QST or RST',
  taxRateInvalid: 'Rate must be a percent from 0 to 100 with at most three decimals',
  taxDateInvalid: 'Enter a date as YYYY-MM-DD',
  taxRateNotFuture: 'A new rate must start after today; rates already in force cannot change',
  taxNotLevied: 'This province does not levy this tax',
  taxRateExists: 'A rate for this province and tax already starts on that date',

  // Order links (a guest's order without a sign-in)
  orderLinkInvalid: 'This order link is not valid: ask for a new one with your order number and email',
  orderLinkExpired: 'This order link has expired: ask for a new one with your order number and email',
  orderNumberInvalid: 'Enter an order number like MW-2026-000123',
  orderLinkSent: 'If an order with this number was placed with this email, we have sent its link to that address',
  tooManyOrderLookups: 'Too many look-ups. Please try again later',
} as const;
