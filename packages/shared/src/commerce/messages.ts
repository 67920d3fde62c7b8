/** Every commerce message a user can read, in English; the web app translates them by key (`commerce.<key>`). */
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

  // Orders
  orderNotFound: 'Order not found',
  orderActionNotAllowed: 'This order cannot be {action} now',
  carrierRequired: 'Carrier is required',
  trackingRequired: 'Tracking number is required',
  refundAmountInvalid: 'Refund between $0.01 and {max}',
  orderNotPayable: 'This order is not waiting for a card payment',
  paymentSignatureInvalid: 'Invalid signature',
  testProviderDisabled: 'The test card provider is off: real card payments are set up',
  creditLimitInvalid: 'Credit limit must be a whole number of cents, 0 or more',

  // Tax rates
  taxRateInvalid: 'Rate must be a percent from 0 to 100 with at most three decimals',
  taxDateInvalid: 'Enter a date as YYYY-MM-DD',
  taxRateNotFuture: 'A new rate must start after today; rates already in force cannot change',
  taxRateExists: 'A rate for this province and tax already starts on that date',
} as const;

export type CommerceMessageKey = keyof typeof commerceMessages;
