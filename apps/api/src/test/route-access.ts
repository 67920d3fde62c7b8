/**
 * Who may do what, route by route: the status every /api/v1 route answers each actor. The API's
 * route-access test calls every route of the real app as each actor and compares the answers with
 * this table; a route without a row fails it, and so does a row without a route.
 *
 * Adding a route: add one row, keyed by method and path as the route declares it. Name the record it
 * is about (`record`, built by the test's fixtures and owned by `dealer` where ownership applies), give a
 * body that passes validation so that allowed actors reach the service, and state each actor's status
 * with a preset below (or spell the six out). Routes that write should target a `spare…` record made for
 * the request, so that every row leaves the others' records as they were.
 *
 * Test data: it lives with the API's tests, and nothing in the product imports it.
 */

import { DESIGN_INPUT } from '@meltway/shared/design/test/driveway';

/** Who calls: nobody signed in, each role, and a second dealer who asks for `dealer`'s records. */
export const ACTORS = ['anonymous', 'customer', 'contractor', 'dealer', 'otherDealer', 'admin'] as const;
export type Actor = (typeof ACTORS)[number];

/** The HTTP status each actor gets. */
export type Expected = Record<Actor, number>;

/** Anyone, signed in or not. */
const everyone = (ok: number): Expected => ({ anonymous: ok, customer: ok, contractor: ok, dealer: ok, otherDealer: ok, admin: ok });
/** Any signed-in user; nobody else. */
const signedIn = (ok: number): Expected => ({ anonymous: 401, customer: ok, contractor: ok, dealer: ok, otherDealer: ok, admin: ok });
/** Admins and every dealer (no record of anyone's, or each dealer sees only its own part of a list). */
const staff = (ok: number): Expected => ({ anonymous: 401, customer: 403, contractor: 403, dealer: ok, otherDealer: ok, admin: ok });
/** Admins, and the dealer who owns the record; another dealer is told it does not exist. */
const ownDealerOrAdmin = (ok: number): Expected => ({ anonymous: 401, customer: 403, contractor: 403, dealer: ok, otherDealer: 404, admin: ok });
/** Admins, the buyer (`contractor`) and its dealer; anyone else is told it does not exist. */
const buyerDealerOrAdmin = (ok: number): Expected => ({ anonymous: 401, customer: 404, contractor: ok, dealer: ok, otherDealer: 404, admin: ok });
/** The `contractor` actor, enrolled in the course; any other signed-in actor is told they are not enrolled. */
const enrolledOnly = (ok: number): Expected => ({ anonymous: 401, customer: 404, contractor: ok, dealer: 404, otherDealer: 404, admin: 404 });
/** The `contractor` actor only: its own record, which no other role has. */
const contractorOnly = (ok: number): Expected => ({ anonymous: 401, customer: 403, contractor: ok, dealer: 403, otherDealer: 403, admin: 403 });
/** Admins only. */
const adminOnly = (ok: number): Expected => ({ anonymous: 401, customer: 403, contractor: 403, dealer: 403, otherDealer: 403, admin: ok });

/**
 * Records a request can be about; the test builds each one (a `spare…` record afresh for every request).
 * Their values fill the path's `:params` by name (`id` otherwise) and `{name}` placeholders in the body;
 * `{unique}` is a fresh token for every request.
 */
export type RecordKey =
  /** The `dealer` actor itself: `{ id }`; it registered with a void cheque. */
  | 'dealer'
  /** The `contractor` actor, who chose `dealer`: `{ id }`. */
  | 'ownContractor'
  /** A pending contractor who chose `dealer`: `{ id }`. */
  | 'spareContractor'
  /** An approved customer: `{ id, email, password }`. */
  | 'spareCustomer'
  /** A refresh token of a fresh sign-in: `{ token }`. */
  | 'spareRefreshToken'
  /** A password reset token, from the mail: `{ token }`. */
  | 'spareResetToken'
  /** The tokens of a newsletter confirmation mail: `{ confirmToken, unsubscribeToken }`. */
  | 'spareNewsletterMail'
  | 'category'
  | 'spareCategory'
  | 'brand'
  | 'spareBrand'
  | 'supplier'
  | 'spareSupplier'
  /** An active product in stock: `{ id }`. */
  | 'product'
  | 'spareProduct'
  /** A new product in stock, one of it in the cart of every signed-in actor: `{ id }`. */
  | 'spareCartProduct'
  /** A product with one image: `{ id, imageId }`. */
  | 'imagedProduct'
  | 'spareImagedProduct'
  | 'helpArticle'
  | 'spareHelpArticle'
  | 'faq'
  | 'spareFaq'
  | 'author'
  | 'spareAuthor'
  /** A document a lesson of the published `course` opens. */
  | 'doc'
  | 'spareDoc'
  /** An assignment a lesson of the published `course` sets. */
  | 'assignment'
  | 'spareAssignment'
  /** A published course with a video, a document and an assignment lesson: `{ id, author }`. */
  | 'course'
  /** A course nothing else uses: `{ id, author }`. */
  | 'spareCourse'
  | 'certification'
  | 'spareCertification'
  /** A customer's comment on `course`. */
  | 'comment'
  | 'spareComment'
  /** An assignment of a published course (no certification) the `contractor` actor is enrolled in, its quiz opened: `{ id, courseId, sheetId }`. */
  | 'learnerQuiz'
  /** A .csv the `contractor` actor handed in for `learnerQuiz`'s course: `{ id }`. */
  | 'learnerSubmission'
  /** A published course of its own that only the `contractor` actor is enrolled in: `{ id, lessonId }`. */
  | 'learnerCourse'
  /** The first lesson of `learnerCourse`: `{ id }`. */
  | 'learnerLesson'
  /** A certified course the `contractor` actor completed, its certificate since expired (recertification open): `{ id }`. */
  | 'spareRecertifiableCourse'
  /** The enrolment in `course` of a new approved contractor of `dealer`: `{ id }`. */
  | 'spareEnrolment'
  /** A paid order the `contractor` actor placed under `dealer`, with its payment and `dealer`'s commission: `{ id }`. */
  | 'order'
  /** The signed link of `order`, as its mails carry it, with its number and email: `{ token, number, email }`. */
  | 'orderLink'
  /** A coupon limited to `category`: `{ id, code }`. */
  | 'coupon'
  | 'spareCoupon'
  /** A card order of `ownContractor` (so filed under `dealer`) waiting for its payment: `{ id, clientSecret }`. */
  | 'spareCardOrder'
  /** A card order of `ownContractor`, paid: `{ id }`. */
  | 'sparePaidOrder'
  /** A card order of `ownContractor`, paid and shipped: `{ id }`. */
  | 'spareShippedOrder'
  /** An order `ownContractor` placed on account, its invoice unpaid: `{ id }`. */
  | 'spareAccountOrder'
  /** The certificate `ownContractor` earned: `{ id }` (its public code). */
  | 'certificate'
  /** `certificate` and its Open Badges credential, as its holder downloads it: `{ id, credential }` (the VC-JWT). */
  | 'certificateCredential'
  /** A valid certificate of a fresh learner: `{ id }`. */
  | 'spareCertificate'
  /** A revoked certificate of a fresh learner: `{ id }`. */
  | 'spareRevokedCertificate'
  /** The demo catalogue, seeded once, that designs are made from: `{}`. */
  | 'designCatalogue'
  /** A layout project of the `contractor` actor, shared with `dealer`: `{ id, unit }` (`unit`: its first mat or cable). */
  | 'design'
  | 'spareDesign'
  /** A `spareDesign` with one reading: `{ id, readingId }`. */
  | 'spareDesignReading'
  /** A `spareDesign` with one photo: `{ id, photoId }`. */
  | 'spareDesignPhoto';

/** A JSON body; strings may hold `{name}` placeholders. */
export type Body = { [key: string]: Body } | Body[] | string | number | boolean | null;

export type RouteCase = {
  /** What the request is about. */
  record?: RecordKey;
  /** Sent as JSON, or as the form's fields when there are `files`. */
  body?: Body;
  /** Multipart files by field name. */
  files?: Record<string, 'png' | 'pdf' | 'csv'>;
  /** The query string, for a route that needs one. */
  query?: Record<string, string>;
  expect: Expected;
};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteKey = `${Method} /api/v1/${string}`;

const ADDRESS = { fullname: 'Casey Buyer', line1: '1 Thaw Street', line2: 'Unit 4', city: 'Toronto', province: 'ON', postalCode: 'M5V 2T6', country: 'CA' };
/** Its owner and admins change a project; its owner's dealer only reads it; anyone else is told it does not exist. */
const designOwnerOrAdmin = (ok: number): Expected => ({ anonymous: 401, customer: 404, contractor: ok, dealer: 404, otherDealer: 404, admin: ok });
const QUESTIONS = [{ questionText: 'What protects every snowmelt circuit?', answers: ['A ground-fault device', 'Nothing'], correctIndex: 0 }];

export const ROUTE_ACCESS = {
  'GET /api/v1/health': { expect: everyone(200) },

  // accounts: signing in and out, registration
  'POST /api/v1/users/login': { record: 'spareCustomer', body: { email: '{email}', password: '{password}' }, expect: everyone(200) },
  'POST /api/v1/users/refresh': { record: 'spareRefreshToken', body: { refresh_token: '{token}' }, expect: everyone(200) },
  'POST /api/v1/users/logout': { record: 'spareRefreshToken', body: { refresh_token: '{token}' }, expect: everyone(200) },
  'GET /api/v1/users/me': { expect: signedIn(200) },
  'POST /api/v1/users/forgot-password': { record: 'spareCustomer', body: { email: '{email}' }, expect: everyone(200) },
  'GET /api/v1/users/reset-password/:token': { record: 'spareResetToken', expect: everyone(200) },
  'POST /api/v1/users/reset-password': { record: 'spareResetToken', body: { token: '{token}', newPassword: 'NewSecret123', confirmPassword: 'NewSecret123' }, expect: everyone(200) },
  'POST /api/v1/users': { body: { role: 'customer', fullname: 'Casey Customer', email: 'customer-{unique}@example.com', password: 'Secret123' }, expect: everyone(201) },

  // accounts: dealers, contractors, admins
  'GET /api/v1/users/publicdealer': { expect: everyone(200) },
  'GET /api/v1/users/dealer': { expect: adminOnly(200) },
  'GET /api/v1/users/dealer/:id': { record: 'dealer', expect: adminOnly(200) },
  'POST /api/v1/users/dealers': {
    body: {
      fullname: 'Frost Free Ltd',
      email: 'dealer-{unique}@example.com',
      billingEmail: 'billing-{unique}@example.com',
      address: '1 Thaw Street, Toronto ON',
      commission: 10,
      phone: '4165550100',
      password: 'Secret123',
      manager: { name: 'Morgan Manager', email: 'manager-{unique}@example.com', phone: '4165550101' },
      bankingInfo: { accountHolderName: 'Frost Free Ltd', transitNumber: '02741', institutionNumber: '004', accountNumber: '98765432' },
    },
    expect: adminOnly(201),
  },
  'POST /api/v1/users/dealer/:id/approve': { record: 'spareContractor', body: { status: 'approved' }, expect: ownDealerOrAdmin(200) },
  'GET /api/v1/users/:id/void-cheque': { record: 'dealer', expect: ownDealerOrAdmin(200) },
  'DELETE /api/v1/users/permanent/:id': { record: 'spareCustomer', expect: adminOnly(200) },
  'GET /api/v1/users/contractors': { expect: staff(200) },
  'GET /api/v1/users/contractors/:id': { record: 'ownContractor', expect: ownDealerOrAdmin(200) },
  'GET /api/v1/users/admins': { expect: adminOnly(200) },
  'POST /api/v1/users/admins': { body: { fullname: 'Avery Admin', email: 'admin-{unique}@example.com' }, expect: adminOnly(201) },
  'GET /api/v1/dashboard/stats': { expect: staff(200) },

  // catalogue
  'GET /api/v1/categories': { expect: everyone(200) },
  'GET /api/v1/categories/:id': { record: 'category', expect: everyone(200) },
  'POST /api/v1/categories': { body: { name: 'Category {unique}' }, expect: adminOnly(201) },
  'PUT /api/v1/categories/:id': { record: 'category', body: { description: 'Mats and cables' }, expect: adminOnly(200) },
  'DELETE /api/v1/categories/:id': { record: 'spareCategory', expect: adminOnly(200) },
  'GET /api/v1/brands': { expect: everyone(200) },
  'GET /api/v1/brands/:id': { record: 'brand', expect: everyone(200) },
  'POST /api/v1/brands': { body: { name: 'Brand {unique}' }, expect: adminOnly(201) },
  'PUT /api/v1/brands/:id': { record: 'brand', body: { description: 'Heating cables' }, expect: adminOnly(200) },
  'DELETE /api/v1/brands/:id': { record: 'spareBrand', expect: adminOnly(200) },
  'GET /api/v1/suppliers': { expect: staff(200) },
  'GET /api/v1/suppliers/:id': { record: 'supplier', expect: staff(200) },
  'POST /api/v1/suppliers': { body: { name: 'Supplier {unique}', contact: 'Jo Buyer', email: '{unique}@supplier.example', phone: '+1 416 555 0100' }, expect: adminOnly(201) },
  'PUT /api/v1/suppliers/:id': { record: 'supplier', body: { contact: 'Sam Buyer' }, expect: adminOnly(200) },
  'DELETE /api/v1/suppliers/:id': { record: 'spareSupplier', expect: adminOnly(200) },
  'GET /api/v1/products': { expect: everyone(200) },
  'GET /api/v1/products/:idOrSlug': { record: 'product', expect: everyone(200) },
  'POST /api/v1/products': { record: 'category', body: { name: 'Mat {unique}', sku: 'MAT-{unique}', price: 19900, categoryId: '{id}', kind: 'mat' }, expect: adminOnly(201) },
  'PUT /api/v1/products/:id': { record: 'product', body: { description: 'A 240 V snowmelt mat.' }, expect: adminOnly(200) },
  'DELETE /api/v1/products/:id': { record: 'spareProduct', expect: adminOnly(200) },
  'POST /api/v1/products/:id/images': { record: 'spareProduct', files: { images: 'png' }, expect: adminOnly(201) },
  'DELETE /api/v1/products/:id/images/:imageId': { record: 'spareImagedProduct', expect: adminOnly(200) },
  'PUT /api/v1/products/:id/images/order': { record: 'imagedProduct', body: { ids: ['{imageId}'] }, expect: adminOnly(200) },

  // commerce: each signed-in user has a cart of its own
  'GET /api/v1/cart': { expect: signedIn(200) },
  'PUT /api/v1/cart/items/:productId': { record: 'product', body: { quantity: 1 }, expect: signedIn(200) },
  'DELETE /api/v1/cart/items/:productId': { record: 'product', expect: signedIn(200) },
  'POST /api/v1/cart/merge': { record: 'product', body: { items: [{ productId: '{id}', quantity: 1 }] }, expect: signedIn(200) },
  'POST /api/v1/cart/price': { record: 'product', body: { items: [{ productId: '{id}', quantity: 1 }] }, expect: everyone(200) },

  // commerce: checkout prices and places a signed-in buyer's own cart (a guest's items); credit is an account's own
  'POST /api/v1/checkout/quote': { record: 'product', body: { items: [{ productId: '{id}', quantity: 1 }], shippingAddress: ADDRESS }, expect: everyone(200) },
  'POST /api/v1/orders': {
    record: 'spareCartProduct',
    body: { items: [{ productId: '{id}', quantity: 1 }], shippingAddress: ADDRESS, email: 'guest-{unique}@example.com', phone: '+1 416 555 0100', paymentMethod: 'card' },
    expect: everyone(201),
  },
  'GET /api/v1/users/:id/credit': { record: 'dealer', expect: { anonymous: 401, customer: 403, contractor: 404, dealer: 200, otherDealer: 404, admin: 200 } },
  'PUT /api/v1/users/:id/credit-limit': { record: 'spareContractor', body: { creditLimitCents: 500_000 }, expect: adminOnly(200) },

  // commerce: reading orders (each reader sees its own part of the lists), money and commission
  'GET /api/v1/orders': { expect: signedIn(200) },
  'GET /api/v1/orders/export.csv': { expect: staff(200) },
  'GET /api/v1/orders/:id': { record: 'order', expect: buyerDealerOrAdmin(200) },
  'GET /api/v1/orders/:id/invoice.pdf': { record: 'order', expect: buyerDealerOrAdmin(200) },
  // commerce: an order's signed link opens it (and its invoice) for anyone who has the link; the look-up answers all alike
  'GET /api/v1/orders/view/:token': { record: 'orderLink', expect: everyone(200) },
  'GET /api/v1/orders/view/:token/invoice.pdf': { record: 'orderLink', expect: everyone(200) },
  'POST /api/v1/orders/lookup': { record: 'orderLink', body: { number: '{number}', email: '{email}' }, expect: everyone(200) },
  'GET /api/v1/transactions': { expect: staff(200) },
  'GET /api/v1/transactions/export.csv': { expect: staff(200) },
  'GET /api/v1/dealers/:dealerId/commission': { record: 'dealer', expect: ownDealerOrAdmin(200) },
  'GET /api/v1/dealers/:dealerId/commission/statement.pdf': { record: 'dealer', expect: ownDealerOrAdmin(200) },

  // commerce: coupons and tax rates, run by admins
  'GET /api/v1/coupons': { expect: adminOnly(200) },
  'POST /api/v1/coupons': { body: { name: 'Winter {unique}', code: 'WINTER-{unique}', discount_percent: 10, description: 'Ten percent off.' }, expect: adminOnly(201) },
  'PUT /api/v1/coupons/:id': { record: 'coupon', body: { description: 'Fifteen percent off.', discount_percent: 15 }, expect: adminOnly(200) },
  'DELETE /api/v1/coupons/:id': { record: 'spareCoupon', expect: adminOnly(204) },
  'GET /api/v1/tax-rates': { expect: adminOnly(200) },
  'POST /api/v1/tax-rates': { body: { province: 'NS', code: 'HST', rate: 13, effectiveFrom: '2099-04-01' }, expect: adminOnly(201) },

  // commerce: order changes. Admins run them; the buyer may cancel (and pay) while the card payment is awaited;
  // the order's dealer sees the order but may not change it (403); anyone else is told it does not exist.
  'POST /api/v1/orders/:id/process': { record: 'sparePaidOrder', body: {}, expect: adminOnly(200) },
  'POST /api/v1/orders/:id/ship': { record: 'sparePaidOrder', body: { carrier: 'Purolator', trackingNumber: 'PUR-{unique}' }, expect: adminOnly(200) },
  'POST /api/v1/orders/:id/deliver': { record: 'spareShippedOrder', body: {}, expect: adminOnly(200) },
  'POST /api/v1/orders/:id/cancel': { record: 'spareCardOrder', body: { reason: 'Ordered twice' }, expect: { anonymous: 401, customer: 404, contractor: 200, dealer: 403, otherDealer: 404, admin: 200 } },
  'POST /api/v1/orders/:id/refund': { record: 'sparePaidOrder', body: { amountCents: 500, reason: 'Box arrived damaged' }, expect: adminOnly(200) },
  'POST /api/v1/orders/:id/settle': { record: 'spareAccountOrder', body: {}, expect: adminOnly(200) },

  // commerce: card payments. The client secret proves the page placed the order; the webhook's proof is its signature.
  'POST /api/v1/orders/:id/payment': { record: 'spareCardOrder', expect: { anonymous: 401, customer: 404, contractor: 200, dealer: 403, otherDealer: 404, admin: 403 } },
  'POST /api/v1/payments/test/confirm': { record: 'spareCardOrder', body: { orderId: '{id}', clientSecret: '{clientSecret}' }, expect: everyone(200) },
  'POST /api/v1/payments/status': { record: 'spareCardOrder', body: { orderId: '{id}', clientSecret: '{clientSecret}' }, expect: everyone(200) },
  'POST /api/v1/payments/stripe/webhook': { body: { id: 'evt_unsigned', type: 'payment.succeeded' }, expect: everyone(400) },

  // content
  'GET /api/v1/helpcenter': { expect: everyone(200) },
  'GET /api/v1/helpcenter/:idOrSlug': { record: 'helpArticle', expect: everyone(200) },
  'POST /api/v1/helpcenter': { body: { name: 'Article {unique}', description: 'How to size a mat.' }, expect: adminOnly(201) },
  'PUT /api/v1/helpcenter/:id': { record: 'helpArticle', body: { description: 'How to size a cable.' }, expect: adminOnly(200) },
  'DELETE /api/v1/helpcenter/permanent/:id': { record: 'spareHelpArticle', expect: adminOnly(200) },
  'GET /api/v1/faq': { expect: everyone(200) },
  'POST /api/v1/faq': { body: { name: 'Question {unique}?', description: 'Answer.' }, expect: adminOnly(201) },
  'PUT /api/v1/faq/:id': { record: 'faq', body: { description: 'Another answer.' }, expect: adminOnly(200) },
  'DELETE /api/v1/faq/permanent/:id': { record: 'spareFaq', expect: adminOnly(200) },
  'GET /api/v1/about/figures': { expect: everyone(200) },
  'POST /api/v1/contact': { body: { name: 'Casey', email: 'casey@example.com', message: 'Do you ship to Yukon?' }, expect: everyone(201) },
  'POST /api/v1/newsletter/subscribe': { body: { email: 'reader-{unique}@example.com' }, expect: everyone(200) },
  'POST /api/v1/newsletter/confirm': { record: 'spareNewsletterMail', body: { token: '{confirmToken}' }, expect: everyone(200) },
  'POST /api/v1/newsletter/unsubscribe': { record: 'spareNewsletterMail', body: { token: '{unsubscribeToken}' }, expect: everyone(200) },
  'GET /api/v1/newsletter/subscribers.csv': { expect: adminOnly(200) },

  // academy
  'GET /api/v1/authors': { expect: everyone(200) },
  'POST /api/v1/authors': { body: { name: 'Author {unique}' }, expect: adminOnly(201) },
  'PUT /api/v1/authors/:id': { record: 'author', body: { description: 'Installer since 1998.' }, expect: adminOnly(200) },
  'DELETE /api/v1/authors/permanent/:id': { record: 'spareAuthor', expect: adminOnly(200) },
  'GET /api/v1/docs': { expect: adminOnly(200) },
  'POST /api/v1/docs': { body: { name: 'Checklist {unique}' }, files: { file: 'pdf' }, expect: adminOnly(201) },
  'GET /api/v1/docs/:id': { record: 'doc', expect: signedIn(200) },
  'DELETE /api/v1/docs/permanent/:id': { record: 'spareDoc', expect: adminOnly(200) },
  'GET /api/v1/assignments': { expect: adminOnly(200) },
  'POST /api/v1/assignments': { body: { title: 'Quiz {unique}', questions: QUESTIONS }, expect: adminOnly(201) },
  'GET /api/v1/assignments/:id': { record: 'assignment', expect: signedIn(200) },
  'PUT /api/v1/assignments/:id': { record: 'assignment', body: { title: 'Quiz', questions: QUESTIONS }, expect: adminOnly(200) },
  'DELETE /api/v1/assignments/permanent/:id': { record: 'spareAssignment', expect: adminOnly(200) },
  'GET /api/v1/certifications': { expect: everyone(200) },
  'POST /api/v1/certifications': { record: 'spareCourse', body: { name: 'Installer {unique}', courseId: '{id}', passingScore: 80 }, expect: adminOnly(201) },
  'PUT /api/v1/certifications/:id': { record: 'certification', body: { passingScore: 75 }, expect: adminOnly(200) },
  'DELETE /api/v1/certifications/permanent/:id': { record: 'spareCertification', expect: adminOnly(200) },
  'GET /api/v1/courses/comments/all': { expect: adminOnly(200) },
  'POST /api/v1/courses/comments/:id/reply': { record: 'comment', body: { comment: 'See lesson 2.' }, expect: adminOnly(200) },
  'DELETE /api/v1/courses/comment/permanent/:id': { record: 'spareComment', expect: adminOnly(200) },
  'GET /api/v1/courses': { expect: everyone(200) },
  'GET /api/v1/courses/:id': { record: 'course', expect: everyone(200) },
  'POST /api/v1/courses': { record: 'author', body: { courseTitle: 'Course {unique}', author: '{id}', status: 'draft' }, expect: adminOnly(201) },
  'PUT /api/v1/courses/:id': { record: 'spareCourse', body: { courseTitle: 'Course {unique}', author: '{author}', status: 'draft' }, expect: adminOnly(200) },
  'DELETE /api/v1/courses/permanent/:id': { record: 'spareCourse', expect: adminOnly(200) },

  // academy: quizzes and file assignments (only the enrolled `contractor` takes them; admins read any quiz)
  'GET /api/v1/assignments/:id/quiz': { record: 'learnerQuiz', expect: { anonymous: 401, customer: 404, contractor: 200, dealer: 404, otherDealer: 404, admin: 200 } },
  'POST /api/v1/assignments/:id/attempts': { record: 'learnerQuiz', body: { answers: [0, 1], sheetId: '{sheetId}' }, expect: { anonymous: 401, customer: 404, contractor: 201, dealer: 404, otherDealer: 404, admin: 404 } },
  'POST /api/v1/assignment-submissions': {
    record: 'learnerQuiz',
    body: { courseId: '{courseId}' },
    files: { file: 'csv' },
    expect: { anonymous: 401, customer: 404, contractor: 201, dealer: 404, otherDealer: 404, admin: 404 },
  },
  'GET /api/v1/assignment-submissions': { expect: signedIn(200) },
  'GET /api/v1/assignment-submissions/:id/file': { record: 'learnerSubmission', expect: buyerDealerOrAdmin(200) },
  'POST /api/v1/assignment-submissions/:id/grade': { record: 'learnerSubmission', body: { grade: 90, comment: 'Good load table.' }, expect: adminOnly(200) },
  // academy: learning (a learner's own enrolment, progress and questions; anyone else is told they are not enrolled)
  'POST /api/v1/courses/:id/enrolment': { record: 'spareCourse', expect: signedIn(201) },
  'GET /api/v1/courses/:id/progress': { record: 'learnerCourse', expect: enrolledOnly(200) },
  'PUT /api/v1/lessons/:id/progress': { record: 'learnerLesson', body: { seen: true }, expect: enrolledOnly(200) },
  'POST /api/v1/courses/:id/recertification': { record: 'spareRecertifiableCourse', expect: enrolledOnly(200) },
  'GET /api/v1/me/courses': { expect: signedIn(200) },
  'POST /api/v1/courses/:id/comments': { record: 'learnerCourse', body: { comment: 'Does it work on pavers? {unique}' }, expect: enrolledOnly(201) },
  'GET /api/v1/courses/:id/comments': { record: 'learnerCourse', expect: enrolledOnly(200) },
  'GET /api/v1/courses/:id/syllabus.pdf': { record: 'course', expect: everyone(200) },
  // academy: Students Management (a dealer lists its own contractors' enrolments only)
  'GET /api/v1/students': { expect: staff(200) },
  'POST /api/v1/students': {
    record: 'course',
    body: { name: { en: 'Sam Learner {unique}', fr: 'Sam Apprenant {unique}' }, email: 'student-{unique}@example.com', courseId: '{id}' },
    files: { image: 'png' },
    expect: adminOnly(201),
  },
  'DELETE /api/v1/students/:id': { record: 'spareEnrolment', expect: adminOnly(200) },
  'GET /api/v1/students/:id/attempts': { record: 'spareEnrolment', expect: ownDealerOrAdmin(200) },
  // academy: certificates (the holder is `ownContractor`; a customer and another dealer are told it does not exist)
  'GET /api/v1/certificates': { expect: signedIn(200) },
  'GET /api/v1/certificates/:id': { record: 'certificate', expect: buyerDealerOrAdmin(200) },
  'GET /api/v1/certificates/:id/pdf': { record: 'certificate', expect: buyerDealerOrAdmin(200) },
  'GET /api/v1/certificates/:id/credential': { record: 'certificate', expect: buyerDealerOrAdmin(200) },
  'POST /api/v1/certificates/verify': { record: 'certificateCredential', body: { credential: '{credential}' }, expect: everyone(200) },
  'GET /api/v1/certificates/verify/:id': { record: 'certificate', expect: everyone(200) },
  'POST /api/v1/certificates/:id/revoke': { record: 'spareCertificate', body: { reason: 'Answers shared' }, expect: adminOnly(200) },
  'POST /api/v1/certificates/:id/reissue': { record: 'spareRevokedCertificate', expect: adminOnly(201) },
  // academy: the compliance view (each dealer reads its own contractors' rows; admins every dealer's)
  'GET /api/v1/certifications/holders': { expect: staff(200) },
  'GET /api/v1/certifications/holders/export.csv': { expect: staff(200) },

  // design: the engine for everyone; projects are their owner's (`contractor`), read by its dealer once shared
  'GET /api/v1/design/products': { record: 'designCatalogue', expect: everyone(200) },
  'POST /api/v1/design/calculate': { record: 'designCatalogue', body: DESIGN_INPUT, expect: everyone(200) },
  'GET /api/v1/designs': { expect: signedIn(200) },
  'POST /api/v1/designs': { record: 'designCatalogue', body: { name: 'Driveway {unique}', input: DESIGN_INPUT }, expect: signedIn(201) },
  'GET /api/v1/designs/:id': { record: 'design', expect: buyerDealerOrAdmin(200) },
  'PUT /api/v1/designs/:id': { record: 'spareDesign', body: { name: 'Driveway {unique}', input: DESIGN_INPUT, shared: true }, expect: designOwnerOrAdmin(200) },
  'DELETE /api/v1/designs/:id': { record: 'spareDesign', expect: designOwnerOrAdmin(204) },
  // `partial`: the row is about who may fill their cart, whatever stock the other rows' orders left.
  'POST /api/v1/designs/:id/cart': { record: 'design', body: { partial: true }, expect: { anonymous: 401, customer: 404, contractor: 200, dealer: 404, otherDealer: 404, admin: 404 } },
  'GET /api/v1/designs/:id/permit-pack.pdf': { record: 'design', expect: buyerDealerOrAdmin(200) },
  'POST /api/v1/designs/:id/readings': { record: 'spareDesign', body: { unit: '{unit}', phase: 'before', insulationMOhm: 550, continuityOhm: 14.2 }, expect: designOwnerOrAdmin(201) },
  'DELETE /api/v1/designs/:id/readings/:readingId': { record: 'spareDesignReading', expect: designOwnerOrAdmin(200) },
  'POST /api/v1/designs/:id/photos': { record: 'spareDesign', files: { photo: 'png' }, expect: designOwnerOrAdmin(201) },
  'DELETE /api/v1/designs/:id/photos/:photoId': { record: 'spareDesignPhoto', expect: designOwnerOrAdmin(200) },

  // installers: a contractor's own profile (no one else's can be named: it is the caller's), needing a valid
  // certification (`contractor` holds `certificate`); the search is public
  'GET /api/v1/installer-profile': { expect: contractorOnly(200) },
  'PUT /api/v1/installer-profile': {
    record: 'certificate',
    body: { companyName: 'Thaw Crew', descriptionEn: 'Heated driveways in Ottawa.', descriptionFr: '', postalCode: 'k1a0b1', radiusKm: 50, capacityPerMonth: 4, visible: true },
    expect: contractorOnly(200),
  },
  'GET /api/v1/installers': { query: { postalCode: 'K1A 0B1', family: 'mat' }, expect: everyone(200) },
} satisfies Record<RouteKey, RouteCase>;
