/**
 * Every content message a user can read, in English, word for word where SPEC.md gives one.
 * The web app translates them by key (locales/fr), the API returns the English text.
 */
export const contentMessages = {
  helpRequired: 'Help article title and description required',
  helpNotFound: 'Help article not found',
  helpTitleTaken: 'A help article with this title already exists',
  faqQuestionRequired: 'Question is required',
  faqAnswerRequired: 'Answer is required',
  faqNotFound: 'FAQ not found',
  deleted: 'Deleted',
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  messageRequired: 'Message is required',
  contactSent: 'Thank you. Your message has been sent; we will reply by email.',
  tooManyMessages: 'Too many messages. Please try again later',
  subscribeSent: 'Please check your inbox and confirm your subscription.',
  subscriptionConfirmed: 'Your subscription is confirmed. Thank you!',
  unsubscribed: 'You are unsubscribed and will receive no more newsletters.',
  newsletterLinkInvalid: 'This newsletter link is invalid or has expired',
  tooManySubscriptions: 'Too many attempts. Please try again later',
  imageType: 'Images must be JPEG, PNG or WebP files',
} as const;
