import { DESIGN_INPUT } from '@meltway/shared/design/test/driveway';
import type { Actor, Body, RecordKey, RouteCase } from './route-access.js';
import { eq } from 'drizzle-orm';
import { certificates, courseComments, enrolments } from '../db/schema/academy.js';
import { users } from '../db/schema/accounts.js';
import { orders } from '../db/schema/commerce.js';
import { makeAssignment, makeAuthor, makeCourse, makeDoc, PDF } from './academy-fixtures.js';
import { dealerBody } from './accounts-fixtures.js';
import { issueCertificate, makeCertifiedCourse } from './certificate-fixtures.js';
import { form, makeBrand, makeCategory, makeProduct, makeSupplier, PNG } from './catalogue-fixtures.js';
import { actorOf, makeUser, signIn, TEST_PASSWORD, type TestApp } from './harness.js';
import { insertOrder } from './order-read-fixtures.js';
import { placeOrder } from './order-fixtures.js';
import { seedCatalogue } from '../seed/seed-catalogue.js';
import { CSV, enrol } from './spreadsheet-fixtures.js';

type Auth = { authorization: string };
/** A record's values: its `id`, and whatever else a request about it needs. */
export type RecordValues = Record<string, string>;

const ok = async (res: { statusCode: number; body: string; json: () => unknown }, what: string, status = 201) => {
  if (res.statusCode !== status) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string } & Record<string, unknown>;
};

/** The token of every link in a raw mail, by the link's path. */
function tokensIn(mail: string): Record<string, string> {
  const decoded = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const out: Record<string, string> = {};
  for (const [link] of decoded.matchAll(/https?:\/\/[^\s"<>]+/g)) {
    const url = new URL(link);
    const token = url.searchParams.get('token');
    if (token) out[url.pathname] = token;
  }
  return out;
}

/** The six callers: headers per actor (none for anonymous). `dealer` registers with a void cheque and is approved by the admin. */
export async function makeActors(t: TestApp) {
  const admin = await actorOf(t, 'admin');
  const registered = await ok(await t.app.inject({ method: 'POST', url: '/api/v1/users', payload: dealerBody({ fullname: 'Own Dealer Ltd' }) }), 'dealer');
  await ok(await t.app.inject({ method: 'POST', url: `/api/v1/users/dealer/${registered.id}/approve`, headers: admin.auth, payload: { status: 'approved' } }), 'approval', 200);
  const dealer = await signIn(t, registered.email as string);
  const contractor = await actorOf(t, 'contractor', { dealerId: dealer.id });
  const customer = await actorOf(t, 'customer');
  const headers: Record<Actor, Auth | undefined> = {
    anonymous: undefined,
    customer: customer.auth,
    contractor: contractor.auth,
    dealer: dealer.auth,
    otherDealer: (await actorOf(t, 'dealer')).auth,
    admin: admin.auth,
  };
  return { headers, admin: admin.auth, dealerId: dealer.id, contractorId: contractor.user.id, customerId: customer.user.id };
}

type Actors = Awaited<ReturnType<typeof makeActors>>;

/**
 * Builds the records the table's rows name. Shared records are made once, on first use; a `spare…`
 * record is made afresh for every request, so a request that changes or deletes it leaves the rest alone.
 */
export function recordMaker(t: TestApp, actors: Actors) {
  const { admin } = actors;
  const post = async (url: string, payload: unknown, what: string) => ok(await t.app.inject({ method: 'POST', url, headers: admin, payload: payload as never }), what);
  let seq = 0;
  const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

  const shared = new Map<RecordKey, Promise<RecordValues>>();
  const get = (key: RecordKey): Promise<RecordValues> => {
    if (key.startsWith('spare')) return builders[key]();
    let made = shared.get(key);
    if (!made) shared.set(key, (made = builders[key]()));
    return made;
  };
  const id = async (made: Promise<{ id: string }>) => ({ id: (await made).id });

  const customer = async () => {
    const user = await makeUser(t, { role: 'customer' });
    return { id: user.id, email: user.email, password: TEST_PASSWORD };
  };
  const imagedProduct = async () => {
    const product = await makeProduct(t, admin, (await get('category')).id!);
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/products/${product.id}/images`, headers: admin, payload: form({}, [['images', 'a.png', PNG]]) });
    const images = (await ok(res, 'image')).images as { id: string }[];
    return { id: product.id, imageId: images[0]!.id };
  };
  // The published course makes its own author, document and assignment: learners may open those of a published course only.
  const publishedCourse = async () => {
    const [author, doc, assignment] = await Promise.all([makeAuthor(t, admin), makeDoc(t, admin), makeAssignment(t, admin)]);
    const refs = { author: author.id, doc: doc.id, assignment: assignment.id };
    return { ...refs, id: (await makeCourse(t, admin, refs)).id };
  };
  /** A course without lessons, so that nothing else depends on it. */
  const bareCourse = async () => {
    const author = (await get('author')).id!;
    return { id: (await post('/api/v1/courses', { courseTitle: `Course ${unique()}`, author }, 'course')).id, author };
  };
  const certification = async () => id(post('/api/v1/certifications', { name: `Installer ${unique()}`, courseId: (await bareCourse()).id, passingScore: 80 }, 'certification'));
  /** A published course of its own that the `contractor` actor is enrolled in, and its first lesson. */
  const learnerCourse = async () => {
    const [author, doc, assignment] = await Promise.all([makeAuthor(t, admin), makeDoc(t, admin), makeAssignment(t, admin)]);
    const course = await makeCourse(t, admin, { author: author.id, doc: doc.id, assignment: assignment.id });
    await t.db.insert(enrolments).values({ courseId: course.id, userId: actors.contractorId });
    return { id: course.id, lessonId: course.sections[0]!.lessons[0]!.id };
  };
  const comment = async () => {
    const [row] = await t.db.insert(courseComments).values({ courseId: (await get('course')).id!, userId: actors.customerId, comment: 'Does it work on pavers?' }).returning();
    return { id: row!.id };
  };
  const enrolment = async () => {
    const learner = await makeUser(t, { role: 'contractor', dealerId: actors.dealerId });
    const [row] = await t.db.insert(enrolments).values({ courseId: (await get('course')).id!, userId: learner.id }).returning();
    return { id: row!.id };
  };
  /** A product every signed-in actor has one of in its cart, so each one's order has something to place. */
  const cartProduct = async () => {
    const product = await makeProduct(t, admin, (await get('category')).id!);
    for (const auth of Object.values(actors.headers)) {
      if (auth) await ok(await t.app.inject({ method: 'PUT', url: `/api/v1/cart/items/${product.id}`, headers: auth, payload: { quantity: 1 } }), 'cart line', 200);
    }
    return { id: product.id };
  };
  const coupon = async () => {
    const code = `SAVE-${unique()}`;
    const made = await post('/api/v1/coupons', { name: `Coupon ${code}`, code, discount_percent: 10, category_id: (await get('category')).id! }, 'coupon');
    return { id: made.id, code };
  };
  // Orders the dealer's contractor places (it has credit to buy on account), of a product with stock for every request.
  let stocked: Promise<{ id: string }> | undefined;
  const order = async (paymentMethod: 'card' | 'account') => {
    stocked ??= (async () => {
      await ok(await t.app.inject({ method: 'PUT', url: `/api/v1/users/${actors.contractorId}/credit-limit`, headers: admin, payload: { creditLimitCents: 100_000_000 } }), 'credit', 200);
      return makeProduct(t, admin, (await get('category')).id!, { stock: 100_000 });
    })();
    const product = await stocked;
    return placeOrder(t, { buyer: { id: actors.contractorId, auth: actors.headers.contractor! }, lines: [{ productId: product.id, quantity: 1 }], paymentMethod });
  };
  const paidOrder = async () => {
    const placed = await order('card');
    await ok(await t.app.inject({ method: 'POST', url: '/api/v1/payments/test/confirm', payload: { orderId: placed.id, clientSecret: placed.clientSecret } }), 'payment', 200);
    return placed;
  };
  // A quiz of a published course the contractor actor is enrolled in (its sheet open), and a file it handed in there.
  const learnerQuiz = async () => {
    const [author, doc, assignment] = await Promise.all([makeAuthor(t, admin), makeDoc(t, admin), makeAssignment(t, admin)]);
    const course = await makeCourse(t, admin, { author: author.id, doc: doc.id, assignment: assignment.id });
    await enrol(t, actors.contractorId, course.id);
    // The contractor opens the quiz: its sheet is the one an attempt answers.
    const quiz = await ok(await t.app.inject({ method: 'GET', url: `/api/v1/assignments/${assignment.id}/quiz`, headers: actors.headers.contractor }), 'quiz', 200);
    return { id: assignment.id, courseId: course.id, sheetId: String(quiz.sheetId) };
  };
  const learnerSubmission = async () => {
    const { courseId } = await get('learnerQuiz');
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/assignment-submissions', headers: actors.headers.contractor, payload: form({ courseId: courseId! }, [['file', 'loads.csv', CSV]]) });
    return id(ok(res, 'submission'));
  };
  // Certificates of one certified course: the contractor's, and fresh learners' for the rows that change one.
  let certified: Promise<{ course: { id: string } }> | undefined;
  const certificate = async (userId?: string) => {
    certified ??= makeCertifiedCourse(t, admin, { validityMonths: 24 });
    return { id: await issueCertificate(t, userId ?? (await makeUser(t, { role: 'customer' })).id, (await certified).course.id) };
  };
  /** A certified course of its own the contractor actor completed, its certificate expired yesterday. */
  const recertifiableCourse = async () => {
    const { course } = await makeCertifiedCourse(t, admin, { validityMonths: 12 });
    const code = await issueCertificate(t, actors.contractorId, course.id);
    await t.db.update(certificates).set({ expiresAt: new Date(Date.now() - 24 * 60 * 60 * 1000) }).where(eq(certificates.code, code));
    return { id: course.id };
  };
  const revokedCertificate = async () => {
    const made = await certificate();
    await ok(await t.app.inject({ method: 'POST', url: `/api/v1/certificates/${made.id}/revoke`, headers: admin, payload: { reason: 'Answers shared' } }), 'revocation', 200);
    return made;
  };
  // Layout projects of the contractor actor, shared with its dealer, designed on the demo catalogue.
  const design = async () => {
    await get('designCatalogue');
    const auth = actors.headers.contractor!;
    const payload = { name: `Driveway ${unique()}`, input: DESIGN_INPUT };
    const made = await ok(await t.app.inject({ method: 'POST', url: '/api/v1/designs', headers: auth, payload }), 'design');
    await ok(await t.app.inject({ method: 'PUT', url: `/api/v1/designs/${made.id}`, headers: auth, payload: { shared: true } }), 'sharing', 200);
    return { id: made.id, unit: (made.units as { unit: string }[])[0]!.unit };
  };
  const designWith = async (what: 'readings' | 'photos') => {
    const { id, unit } = await design();
    const auth = actors.headers.contractor!;
    const payload = what === 'readings' ? { unit: unit!, phase: 'before', insulationMOhm: 550, continuityOhm: 14.2 } : form({}, [['photo', 'site.png', PNG]]);
    const made = await ok(await t.app.inject({ method: 'POST', url: `/api/v1/designs/${id}/${what}`, headers: auth, payload: payload as never }), what);
    return { id: id!, [what === 'readings' ? 'readingId' : 'photoId']: (made[what] as { id: string }[])[0]!.id };
  };
  const helpArticle = () => id(post('/api/v1/helpcenter', { name: `Article ${unique()}`, description: 'How to size a mat.' }, 'help article'));
  const faq = () => id(post('/api/v1/faq', { name: `Question ${unique()}?`, description: 'Answer.' }, 'faq'));

  const builders: Record<RecordKey, () => Promise<RecordValues>> = {
    dealer: async () => ({ id: actors.dealerId }),
    ownContractor: async () => ({ id: actors.contractorId }),
    spareContractor: async () => ({ id: (await makeUser(t, { role: 'contractor', status: 'pending', dealerId: actors.dealerId })).id }),
    spareCustomer: customer,
    spareRefreshToken: async () => ({ token: (await signIn(t, (await customer()).email)).refresh_token }),
    spareResetToken: async () => {
      const { email } = await customer();
      await ok(await t.app.inject({ method: 'POST', url: '/api/v1/users/forgot-password', payload: { email } }), 'forgot password', 200);
      const mails = await t.mailsTo(email);
      return { token: tokensIn(mails.at(-1)!)['/reset']! };
    },
    spareNewsletterMail: async () => {
      const email = `reader-${unique()}@example.com`;
      await ok(await t.app.inject({ method: 'POST', url: '/api/v1/newsletter/subscribe', payload: { email } }), 'subscribe', 200);
      const tokens = tokensIn((await t.mailsTo(email)).at(-1)!);
      return { confirmToken: tokens['/newsletter/confirm']!, unsubscribeToken: tokens['/newsletter/unsubscribe']! };
    },
    category: () => id(makeCategory(t, admin)),
    spareCategory: () => id(makeCategory(t, admin)),
    brand: () => id(makeBrand(t, admin)),
    spareBrand: () => id(makeBrand(t, admin)),
    supplier: () => id(makeSupplier(t, admin)),
    spareSupplier: () => id(makeSupplier(t, admin)),
    product: async () => id(makeProduct(t, admin, (await get('category')).id!)),
    spareProduct: async () => id(makeProduct(t, admin, (await get('category')).id!)),
    spareCartProduct: cartProduct,
    imagedProduct,
    spareImagedProduct: imagedProduct,
    helpArticle,
    spareHelpArticle: helpArticle,
    faq,
    spareFaq: faq,
    author: async () => ({ id: (await get('course')).author! }),
    spareAuthor: () => id(makeAuthor(t, admin)),
    doc: async () => ({ id: (await get('course')).doc! }),
    spareDoc: () => id(makeDoc(t, admin)),
    assignment: async () => ({ id: (await get('course')).assignment! }),
    spareAssignment: () => id(makeAssignment(t, admin)),
    course: publishedCourse,
    spareCourse: bareCourse,
    certification,
    spareCertification: certification,
    comment,
    spareComment: comment,
    learnerQuiz,
    learnerSubmission,
    learnerCourse,
    learnerLesson: async () => ({ id: (await get('learnerCourse')).lessonId! }),
    spareRecertifiableCourse: recertifiableCourse,
    spareEnrolment: enrolment,
    order: async () => {
      const [buyer] = await t.db.select().from(users).where(eq(users.id, actors.contractorId));
      return id(insertOrder(t, { buyer: { ...buyer!, role: 'contractor' }, dealerId: actors.dealerId, commissionPercent: 10 }));
    },
    orderLink: async () => {
      const [row] = await t.db.select({ number: orders.number, email: orders.email }).from(orders).where(eq(orders.id, (await get('order')).id!));
      return { token: t.deps.orderLinks.sign((await get('order')).id!, new Date()), number: row!.number, email: row!.email };
    },
    coupon,
    spareCoupon: coupon,
    spareCardOrder: async () => {
      const placed = await order('card');
      return { id: placed.id, clientSecret: placed.clientSecret! };
    },
    sparePaidOrder: () => id(paidOrder()),
    spareShippedOrder: async () => {
      const placed = await paidOrder();
      const payload = { carrier: 'Canada Post', trackingNumber: `CP${unique()}` };
      return id(ok(await t.app.inject({ method: 'POST', url: `/api/v1/orders/${placed.id}/ship`, headers: admin, payload }), 'shipment', 200));
    },
    spareAccountOrder: () => id(order('account')),
    certificate: () => certificate(actors.contractorId),
    certificateCredential: async () => {
      const { id } = await get('certificate');
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/certificates/${id}/credential`, headers: actors.headers.contractor });
      if (res.statusCode !== 200) throw new Error(`credential: ${res.statusCode} ${res.body}`);
      return { id: id!, credential: res.body };
    },
    spareCertificate: () => certificate(),
    spareRevokedCertificate: revokedCertificate,
    designCatalogue: async () => {
      await seedCatalogue(t.db, t.deps.storage);
      return {};
    },
    design,
    spareDesign: design,
    spareDesignReading: () => designWith('readings'),
    spareDesignPhoto: () => designWith('photos'),
  };

  return { get, unique };
}

const FILES = { png: PNG, pdf: PDF, csv: CSV };

/** A form field's text: objects (a name in two languages) go as JSON. */
export const formValue = (v: Body) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v));

const fill = (text: string, values: RecordValues) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for {${name}} in "${text}"`);
    return value;
  });
const fillBody = (body: Body, values: RecordValues): Body =>
  typeof body === 'string'
    ? fill(body, values)
    : Array.isArray(body)
      ? body.map((b) => fillBody(b, values))
      : body && typeof body === 'object'
        ? Object.fromEntries(Object.entries(body).map(([k, v]) => [k, fillBody(v, values)]))
        : body;

/** Makes one request of a row (`"METHOD /path"`), as one actor, about a record built for it. */
export function routeCaller(t: TestApp, actors: Actors, records: ReturnType<typeof recordMaker>) {
  return async (route: string, row: RouteCase, actor: Actor) => {
    const [method, path] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
    const values: RecordValues = { ...(row.record ? await records.get(row.record) : {}), unique: records.unique() };
    const url = path.replace(/:(\w+)/g, (_, name: string) => {
      const value = values[name] ?? values.id;
      if (!value) throw new Error(`${route}: no value for :${name}; name a record`);
      return value;
    });
    const body = row.body === undefined ? undefined : fillBody(row.body, values);
    const payload = row.files
      ? form(
          Object.fromEntries(Object.entries((body ?? {}) as Record<string, Body>).map(([k, v]) => [k, formValue(v)])),
          Object.entries(row.files).map(([field, kind]) => [field, `file.${kind}`, FILES[kind]]),
        )
      : body;
    return t.app.inject({ method, url, headers: actors.headers[actor], ...(row.query ? { query: row.query } : {}), ...(payload !== undefined ? { payload: payload as never } : {}) });
  };
}
