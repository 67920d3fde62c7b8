import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { openPostgres } from '@meltway/api/db/client';
import { backfillSearchText } from '@meltway/api/modules/academy/course-search';
import { hashPassword } from '@meltway/api/lib/passwords';
import { localStorage } from '@meltway/api/lib/storage';
import { LARGEST_DESIGN } from '@meltway/api/modules/design/largest-design';
import { seedCatalogue } from '@meltway/api/seed/seed-catalogue';

/**
 * `npm run bench`: loads a PostgreSQL database (Debian's, at BENCH_PG_URL) with realistic volumes,
 * then measures in one run the bare Fastify route and each endpoint under budget.
 * Prints requests per second, p99 latency and each as a ratio of the bare route.
 */
const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Its own name (BENCH_DB) lets two checkouts measure on one server at once. */
const DB = process.env.BENCH_DB ?? 'meltway_bench';
const CONTRACTORS = Number(process.env.BENCH_CONTRACTORS ?? 100_000);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
/** Published courses; one draft is added for every ten, which learners never find. */
const COURSES = Number(process.env.BENCH_COURSES ?? 10_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 200_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
/** Order placement is measured at 20 connections (DESIGN.md's budget), on products with stock to take. */
const PLACE_CONNECTIONS = 20;
const PLACE_PRODUCTS = 20;
const PASSWORD = 'Bench1234!';
/**
 * `--product-page`: the bare route, a product as JSON and its page as the server renders it, and their budget only
 * (what CI runs, on a small catalogue): no order placement, no sign-in load.
 */
const PRODUCT_PAGE_ONLY = process.argv.includes('--product-page');
const PRODUCT_PAGE_TARGETS = ['bare Fastify hello', 'product JSON', 'product page HTML', 'product page, uncompressed'];
/**
 * `--lists`: the bare route, the dashboard's lists, the catalogue search, the player's course read and order placement
 * alone, with their CPU budgets.
 */
const LISTS_ONLY = process.argv.includes('--lists');
/** The targets whose server CPU a request DESIGN.md budgets at CPU_BUDGET_US (printed with PASS/FAIL, as the others). */
const CPU_BUDGETED = ['contractors page 1', 'orders page 1', 'catalogue search', 'player course read'];
const CPU_BUDGET_US = 400;
/** `--design`: the layout generator's largest valid calculation and health beside it, alone. */
const DESIGN_ONLY = process.argv.includes('--design');
/** Sequential calculations of the largest valid design timed; health's connections while it is asked once a second. */
const DESIGN_REQUESTS = Number(process.env.BENCH_DESIGN_REQUESTS ?? 30);
const HEALTH_CONNECTIONS = 10;
/** The measured server's data folder (targets.ts), where the demo catalogue's pictures are stored. */
const DATA_DIR = process.env.BENCH_DATA_DIR ?? '/tmp/meltway-bench';
/** The two targets of the product page's budget, measured in turns (BENCH_PAIR_ROUNDS times each). */
const PAIRED = ['product JSON', 'product page HTML'];
const PAIR_ROUNDS = Number(process.env.BENCH_PAIR_ROUNDS ?? 3);
/** What a browser (and a search engine's crawler) says it takes. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

const dbUrl = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${DB}`;
  return u.toString();
})();

async function load() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  admin.on('error', (err) => console.warn('database connection lost:', err.message));
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DB}`);
  await admin.end();
  const database = await openPostgres(dbUrl, 2);
  await database.migrate();
  await database.close();

  const c = new pg.Client({ connectionString: dbUrl });

  c.on('error', (err) => console.warn('database connection lost:', err.message));
  await c.connect();
  const hash = await hashPassword(PASSWORD);
  await c.query(
    `INSERT INTO users (email, password_hash, fullname, role, status) VALUES ('bench-admin@example.com', $1, 'Bench Admin', 'admin', 'approved')`,
    [hash],
  );
  await c.query(
    `INSERT INTO users (email, password_hash, fullname, role, status, address, phone, dealer_data, created_at)
     SELECT 'dealer' || i || '@example.com', $1, 'Dealer ' || i, 'dealer', 'approved', i || ' Main Street, Toronto', '4165550000',
            jsonb_build_object('billingEmail', 'b' || i || '@example.com', 'commission', 10, 'coverageRadius', 50,
              'manager', jsonb_build_object('name', 'M', 'email', 'm@example.com', 'phone', '4165550000'),
              'bankingInfo', jsonb_build_object('accountHolderName', 'H', 'transitNumber', '12345', 'institutionNumber', '003', 'accountNumber', '1234567')),
            now() - (i || ' days')::interval
     FROM generate_series(1, 50) AS i`,
    [hash],
  );
  const t0 = Date.now();
  await c.query(
    `INSERT INTO users (email, password_hash, fullname, role, status, address, phone, company_name, license_number,
                        contractor_type, services_offered, labour_warranty_period, dealer_id, created_at)
     SELECT 'contractor' || i || '@example.com', $1, 'Contractor ' || i, 'contractor',
            (ARRAY['approved','approved','approved','pending','inactive'])[1 + i % 5]::user_status,
            i || ' Queen Street, Montréal', '5145550000', 'Company ' || i, 'LIC-' || i,
            (ARRAY['Landscape Contractor','Electrical Contractor','General Contractor'])[1 + i % 3]::contractor_type,
            '{"consultations":true,"permitApplications":false,"systemInstallation":true,"heatedPavement":true,"heatedMats":false,"systemRepairs":false,"generalMaintenance":false}'::jsonb,
            1 + i % 5, d.id, now() - (i || ' minutes')::interval
     FROM generate_series(1, $2::int) AS i
     JOIN LATERAL (SELECT id FROM users WHERE role = 'dealer' ORDER BY email OFFSET (i % 50) LIMIT 1) d ON true`,
    [hash, CONTRACTORS],
  );
  console.warn(`loaded ${CONTRACTORS} contractors in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const t1 = Date.now();
  await c.query(`INSERT INTO categories (name, description) VALUES ('Mats', 'Mats'), ('Cables', 'Cables'), ('Controls', 'Controls'), ('Accessories', 'Accessories')`);
  await c.query(`INSERT INTO brands (name) VALUES ('Brand A'), ('Brand B'), ('Brand C')`);
  await c.query(
    `INSERT INTO products (name, slug, sku, description, price_cents, category_id, brand_id, stock, active, kind,
                           voltage, watts, watt_density, length_m, width_m, heated_area_m2, current_a, created_at)
     SELECT 'Snowmelt Mat ' || i, 'snowmelt-mat-' || i, 'MAT-' || i, 'A 240 V snowmelt mat, about 400 W/m².',
            10000 + (i * 37) % 200000, c.id, b.id, i % 50, i % 10 <> 0,
            (ARRAY['sensor','accessory'])[1 + i % 2]::product_kind,
            240, 370 + i % 4000, 398, 1.5 + (i % 20), 0.6, 0.93 + (i % 12), round((370 + i % 4000) / 240.0, 2),
            now() - (i || ' minutes')::interval
     FROM generate_series(1, $1::int) AS i
     JOIN LATERAL (SELECT id FROM categories ORDER BY name OFFSET (i % 4) LIMIT 1) c ON true
     JOIN LATERAL (SELECT id FROM brands ORDER BY name OFFSET (i % 3) LIMIT 1) b ON true`,
    [PRODUCTS],
  );
  await c.query(`INSERT INTO product_images (product_id, path, position) SELECT id, '/uploads/products/' || id || '.png', 0 FROM products`);
  // The synthetic products are sensors and accessories the engine cannot use (no name says their type),
  // never mats or cables, whose made-up figures would have the layout generator design with thousands of heaters no
  // catalogue holds; its mats and cables (and the controls, breakers and accessories it picks) are the demo catalogue's.
  const demo = await openPostgres(dbUrl, 2);
  await seedCatalogue(demo.db, localStorage(`${DATA_DIR}/uploads`));
  await demo.close();
  // An academy: published courses (and a draft for every ten, which learners never see), three sections of four video lessons each,
  // in five subjects so that a search word matches a part of them; their search text is written as the app writes it.
  const t3 = Date.now();
  await c.query(
    `INSERT INTO authors (name, description, image) SELECT 'Author ' || i, 'Licensed electrician and snowmelt installer.', '/uploads/authors/' || i || '.png'
     FROM generate_series(1, 8) AS i`,
  );
  await c.query(
    `INSERT INTO courses (title, description, cover_image, author_id, status, created_at)
     SELECT (ARRAY['Heated driveway mats', 'Snowmelt cables for stairs', 'Déneigement des entrées', 'Radiant walkways', 'Controls and sensors'])[1 + i % 5] || ' ' || i,
            (ARRAY['Layout, mats and controls for heated driveways.', 'Cables under stairs and ramps, to code.', 'Câbles chauffants et commandes pour les entrées.',
                   'Walkways kept clear all winter: layout and wiring.', 'Snow and ice sensors, controllers and their settings.'])[1 + i % 5],
            '/uploads/courses/' || i || '.png', a.id, CASE WHEN i % 11 = 0 THEN 'draft' ELSE 'published' END::course_status,
            now() - (i || ' minutes')::interval
     FROM generate_series(1, $1::int) AS i
     JOIN LATERAL (SELECT id FROM authors ORDER BY name OFFSET (i % 8) LIMIT 1) a ON true`,
    [COURSES + Math.floor(COURSES / 10)],
  );
  await c.query(`INSERT INTO course_sections (course_id, title, position) SELECT id, 'Section ' || s, s FROM courses, generate_series(0, 2) AS s`);
  await c.query(
    `INSERT INTO lessons (course_id, section_id, title, type, position, duration, video_id)
     SELECT course_id, id, 'Lesson ' || l, 'video', l, '5:20', 'dQw4w9WgXcQ' FROM course_sections, generate_series(0, 3) AS l`,
  );
  // A learner enrolled in the newest published course, with a third of its lessons seen: the player's reads.
  await c.query(`INSERT INTO users (email, password_hash, fullname, role, status) VALUES ('bench-learner@example.com', $1, 'Bench Learner', 'customer', 'approved')`, [hash]);
  await c.query(
    `WITH course AS (SELECT id FROM courses WHERE status = 'published' ORDER BY created_at DESC, id DESC LIMIT 1),
          learner AS (SELECT id FROM users WHERE email = 'bench-learner@example.com'),
          enrolled AS (INSERT INTO enrolments (course_id, user_id, last_lesson_id, last_activity_at)
                       SELECT course.id, learner.id, (SELECT id FROM lessons WHERE course_id = course.id ORDER BY position LIMIT 1), now() FROM course, learner RETURNING course_id, user_id)
     INSERT INTO lesson_progress (user_id, lesson_id, course_id) SELECT e.user_id, l.id, e.course_id FROM enrolled e JOIN lessons l ON l.course_id = e.course_id WHERE l.position = 0`,
  );
  const academy = await openPostgres(dbUrl, 4);
  await backfillSearchText(academy.db);
  await academy.close();
  console.warn(`loaded ${COURSES} published courses with their search text in ${((Date.now() - t3) / 1000).toFixed(1)} s`);
  const t2 = Date.now();
  // Orders of approved contractors under their dealers, spread over two years, each with two lines.
  await c.query(
    `INSERT INTO orders (number, status, buyer_id, buyer_role, buyer_name, email, dealer_id, commission_percent, payment_method,
                         payment_provider, shipping_address, shipping_method, subtotal_cents, discount_cents, shipping_cents,
                         tax_cents, total_cents, taxes, created_at, updated_at)
     SELECT 'MW-2025-' || lpad(i::text, 6, '0'),
            (ARRAY['paid','on_account','processing','shipped','delivered','cancelled'])[1 + i % 6]::order_status,
            u.id, 'contractor', u.fullname, u.email, u.dealer_id, 10, CASE WHEN i % 2 = 0 THEN 'account' ELSE 'card' END::payment_method,
            CASE WHEN i % 2 = 0 THEN 'account' ELSE 'test' END::payment_provider,
            '{"fullname":"Bench Buyer","line1":"1 Main Street","city":"Toronto","province":"ON","postalCode":"M5V 2T6","country":"CA"}'::jsonb,
            'standard', 100000, 0, 0, 13000, 113000, '[{"code":"HST","rate":13,"amountCents":13000}]'::jsonb,
            now() - (i || ' minutes')::interval, now() - (i || ' minutes')::interval
     FROM generate_series(1, $1::int) AS i
     JOIN LATERAL (SELECT id, fullname, email, dealer_id FROM users WHERE email = 'contractor' || (1 + (i * 5) % greatest($2::int - 5, 1)) || '@example.com') u ON true`,
    [ORDERS, CONTRACTORS],
  );
  await c.query(`SELECT setval('order_number_seq', $1::int)`, [ORDERS]);
  await c.query(
    `INSERT INTO order_lines (order_id, position, product_id, sku, name, unit_price_cents, quantity, line_total_cents)
     SELECT o.id, l, gen_random_uuid(), 'MAT-' || l, 'Snowmelt Mat ' || l, 50000, 1, 50000 FROM orders o, generate_series(0, 1) AS l`,
  );
  // The products orders are placed for: in stock for the whole run.
  await c.query(`UPDATE products SET stock = 1000000000, active = true WHERE sku IN (SELECT 'MAT-' || i FROM generate_series(1, ${PLACE_PRODUCTS}) AS i)`);
  console.warn(`loaded ${ORDERS} orders in ${((Date.now() - t2) / 1000).toFixed(1)} s`);
  // Steady state: autovacuum would have set the visibility map that index-only scans rely on.
  await c.query('VACUUM ANALYZE');
  // The volumes the figures are printed for, counted: a join that found no buyer would silently make fewer.
  const made = (
    await c.query<{ contractors: number; orders: number }>(
      `SELECT (SELECT count(*)::int FROM users WHERE role = 'contractor') AS contractors, (SELECT count(*)::int FROM orders) AS orders`,
    )
  ).rows[0]!;
  if (made.contractors !== CONTRACTORS || made.orders !== ORDERS) {
    throw new Error(`the fixtures hold ${made.contractors} contractors and ${made.orders} orders, not ${CONTRACTORS} and ${ORDERS}`);
  }
  console.warn(`counted ${made.contractors} contractors and ${made.orders} orders`);
  await c.end();
  console.warn(`loaded ${PRODUCTS} products in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
}

async function main() {
  await load();
  const child = spawn(process.execPath, [fileURLToPath(new URL('./targets.js', import.meta.url))], {
    // The thread pool as `npm start` sizes it.
    env: { ...process.env, UV_THREADPOOL_SIZE: process.env.UV_THREADPOOL_SIZE ?? '8', BENCH_DATABASE_URL: dbUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  const ports = JSON.parse(line) as { app: number; hello: number };
  const base = `http://127.0.0.1:${ports.app}`;

  const login = await fetch(`${base}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench-admin@example.com', password: PASSWORD }),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const auth = { authorization: `Bearer ${access_token}` };
  const learnerLogin = await fetch(`${base}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench-learner@example.com', password: PASSWORD }),
  });
  const learner = { authorization: `Bearer ${((await learnerLogin.json()) as { access_token: string }).access_token}` };
  const enrolledCourse = ((await (await fetch(`${base}/api/v1/me/courses`, { headers: learner })).json()) as { courseId: string }[])[0]!.courseId;
  const { items: [shown] } = (await (await fetch(`${base}/api/v1/products?page=1&pageSize=1`)).json()) as { items: { slug: string }[] };
  const lastPage = Math.min(1000, Math.floor(CONTRACTORS / 10));
  const lastOrderPage = Math.min(1000, Math.floor(ORDERS / 20));

  const targets = [
    { name: 'bare Fastify hello', url: `http://127.0.0.1:${ports.hello}/hello`, headers: {} },
    { name: 'contractors page 1', url: `${base}/api/v1/users/contractors?page=1&pageSize=10`, headers: auth },
    { name: `contractors page ${lastPage}`, url: `${base}/api/v1/users/contractors?page=${lastPage}&pageSize=10`, headers: auth },
    { name: 'public products page 1', url: `${base}/api/v1/products?page=1&pageSize=20`, headers: {} },
    // The catalogue's first page, as /lms asks for it.
    { name: 'public course list', url: `${base}/api/v1/courses?page=1&pageSize=12`, headers: {} },
    { name: 'orders page 1', url: `${base}/api/v1/orders?page=1&pageSize=20`, headers: auth },
    { name: `orders page ${lastOrderPage}`, url: `${base}/api/v1/orders?page=${lastOrderPage}&pageSize=20`, headers: auth },
    // A signed-in learner's search (not answered from the public cache), a word a fifth of the courses hold.
    { name: 'catalogue search', url: `${base}/api/v1/courses?q=driveway&page=1&pageSize=12`, headers: learner },
    // The player's reads for an enrolled learner: the course, then their progress, in turn.
    {
      name: 'player course read',
      url: base,
      headers: learner,
      requests: [{ path: `/api/v1/courses/${enrolledCourse}` }, { path: `/api/v1/courses/${enrolledCourse}/progress` }],
    },
    // A product as a visitor's browser reads it (JSON), and as its page arrives rendered on the server (HTML), each
    // asked for as a browser or a search engine asks (the page comes compressed, as kept; the JSON is sent as it is).
    // The page once more without compression, a client that asks for none: printed, not budgeted.
    { name: 'product JSON', url: `${base}/api/v1/products/${shown!.slug}`, headers: BROWSER },
    { name: 'product page HTML', url: `${base}/product/${shown!.slug}`, headers: BROWSER },
    { name: 'product page, uncompressed', url: `${base}/product/${shown!.slug}`, headers: {} },
  ] as { name: string; url: string; headers: Record<string, string>; requests?: { path: string }[] }[];

  /**
   * CPU time the servers' process has used, in ms (Linux's /proc; NaN elsewhere). Divided by the requests
   * it served, it is a figure that other work on the machine barely moves, unlike requests per second.
   */
  const serverCpuMs = () => {
    try {
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in ticks of 10 ms
    } catch {
      return Number.NaN;
    }
  };

  const measure = async (t: (typeof targets)[0]): Promise<Measured> => {
    // Let the server finish what the previous target left queued, so each figure is its own.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await autocannon({ url: t.url, connections: CONNECTIONS, duration: 2, headers: t.headers, requests: t.requests }); // warm-up
    const cpu0 = serverCpuMs();
    const r = await autocannon({ url: t.url, connections: CONNECTIONS, duration: SECONDS, headers: t.headers, requests: t.requests });
    const cpuUs = ((serverCpuMs() - cpu0) * 1000) / Math.max(r.requests.total, 1);
    return { name: t.name, rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx + r.timeouts, cpuUs };
  };
  if (DESIGN_ONLY) {
    const design = await designLoad(base, `http://127.0.0.1:${ports.hello}`, child.pid!);
    child.kill('SIGTERM');
    await once(child, 'exit');
    console.log(`\n${PRODUCTS} products (the layout generator's mats and cables: the demo catalogue's), PostgreSQL; the layout generator alone (--design)`);
    await finish(printDesign(design));
    return;
  }
  const results: Measured[] = [];
  const cpuBudgets = () => {
    const bare = results[0]!.cpuUs;
    return CPU_BUDGETED.map((name) => results.find((r) => r.name === name)!).map(
      (r) =>
        [
          `${r.name} at most ${CPU_BUDGET_US} µs of server CPU a request (DESIGN.md) (${r.cpuUs.toFixed(0)} µs, ${(r.cpuUs / bare).toFixed(1)}x the bare route's ${bare.toFixed(0)} µs)`,
          r.cpuUs <= CPU_BUDGET_US,
        ] as const,
    );
  };
  if (LISTS_ONLY) {
    for (const t of targets.filter((target) => target.name === 'bare Fastify hello' || CPU_BUDGETED.includes(target.name))) results.push(await measure(t));
    results.push(await placeOrders(base, serverCpuMs));
    child.kill('SIGTERM');
    await once(child, 'exit');
    console.log(`\n${CONTRACTORS} contractors, ${COURSES} courses, ${ORDERS} orders, ${CONNECTIONS} connections (order placement ${PLACE_CONNECTIONS}), ${SECONDS} s each, PostgreSQL; the lists alone (--lists)\n`);
    printResults(results);
    const place = results.at(-1)!;
    console.log(`\n${place.name}: ${place.cpuUs.toFixed(0)} µs of server CPU an order, p99 ${place.p99} ms, ${place.rps.toFixed(0)} orders a second`);
    await finish([...cpuBudgets(), ['no failed requests', results.every((r) => r.errors === 0)]]);
    return;
  }
  for (const t of PRODUCT_PAGE_ONLY ? targets.filter((target) => PRODUCT_PAGE_TARGETS.includes(target.name)) : targets) {
    if (!PAIRED.includes(t.name)) results.push(await measure(t));
  }
  // The product's JSON and its page, compared by one budget, are measured in turns, PAIR_ROUNDS times each, and
  // each is the run of median req/s: a machine that slows for a while weighs on both alike. Failures are summed.
  const rounds: Measured[][] = PAIRED.map(() => []);
  for (let round = 0; round < PAIR_ROUNDS; round++) {
    for (const [i, name] of PAIRED.entries()) rounds[i]!.push(await measure(targets.find((t) => t.name === name)!));
  }
  for (const runs of rounds) {
    const median = [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)]!;
    results.push({ ...median, errors: runs.reduce((sum, r) => sum + r.errors, 0) });
  }
  const design = PRODUCT_PAGE_ONLY ? null : await designLoad(base, `http://127.0.0.1:${ports.hello}`, child.pid!);
  if (!PRODUCT_PAGE_ONLY) results.push(await placeOrders(base, serverCpuMs));
  const underSignIns = PRODUCT_PAGE_ONLY ? [] : await signInLoad(base);
  child.kill('SIGTERM');
  await once(child, 'exit');

  const hello = results[0]!.rps;
  console.log(
    `\n${CONTRACTORS} contractors, ${PRODUCTS} products, ${COURSES} courses, ${ORDERS} orders, ${CONNECTIONS} connections${PRODUCT_PAGE_ONLY ? '' : ` (order placement ${PLACE_CONNECTIONS})`}, ${SECONDS} s each, PostgreSQL${PRODUCT_PAGE_ONLY ? '; the product page alone (--product-page)' : ''}\n`,
  );
  printResults(results);
  type Result = (typeof results)[0];
  const result = (name: string) => results.find((r) => r.name === name)!;
  const ratio = (r: Result) => (r.rps / hello) * 100;
  const publicRead = (r: Result) =>
    [
      [`${r.name} at least 50% of hello (DESIGN.md) (${ratio(r).toFixed(1)}%)`, ratio(r) >= 50],
      [`${r.name} p99 under 25 ms (${r.p99} ms)`, r.p99 < 25],
    ] as const;
  const [productJson, productHtml] = [result('product JSON'), result('product page HTML')];
  const productPage = [
    `${productHtml.name} within 1.5x of ${productJson.name} in requests per second, as a browser asks for them (${productHtml.rps.toFixed(0)} and ${productJson.rps.toFixed(0)} req/s, ${(productJson.rps / Math.max(productHtml.rps, 1)).toFixed(2)}x; ${ratio(productHtml).toFixed(1)}% of hello)`,
    productHtml.rps * 1.5 >= productJson.rps,
  ] as const;
  console.log(`\n${PAIRED.join(' and ')}, in turns, req/s of each round: ${rounds.map((runs, i) => `${PAIRED[i]} ${runs.map((r) => r.rps.toFixed(0)).join(', ')}`).join('; ')} (the median of each above)`);
  const noneFailed = ['no failed requests', results.every((r) => r.errors === 0)] as const;
  if (PRODUCT_PAGE_ONLY) {
    await finish([productPage, noneFailed]);
    return;
  }
  const [p1, pN, shop, courses, o1, oN, search, player] = [
    `contractors page 1`,
    `contractors page ${lastPage}`,
    'public products page 1',
    'public course list',
    'orders page 1',
    `orders page ${lastOrderPage}`,
    'catalogue search',
    'player course read',
  ].map(result) as [Result, Result, Result, Result, Result, Result, Result, Result];
  const place = results.at(-1)!;
  const checks = [
    ...publicRead(shop),
    ...publicRead(courses),
    [`page ${lastPage} p99 within 1.5x of page 1 (${(pN.p99 / Math.max(p1.p99, 0.001)).toFixed(2)}x)`, pN.p99 <= 1.5 * Math.max(p1.p99, 1)],
    [`page 1 p99 under 50 ms (${p1.p99} ms)`, p1.p99 < 50],
    [`page ${lastPage} p99 under 50 ms (${pN.p99} ms)`, pN.p99 < 50],
    [`orders page ${lastOrderPage} p99 within 1.5x of page 1 at ${ORDERS} orders (${(oN.p99 / Math.max(o1.p99, 0.001)).toFixed(2)}x)`, oN.p99 <= 1.5 * Math.max(o1.p99, 1)],
    [`orders page 1 p99 under 50 ms (${o1.p99} ms)`, o1.p99 < 50],
    [`${search.name} over ${COURSES} courses p99 under 50 ms (${search.p99} ms; ${ratio(search).toFixed(1)}% of hello)`, search.p99 < 50],
    [`${player.name} p99 under 50 ms (${player.p99} ms; ${ratio(player).toFixed(1)}% of hello)`, player.p99 < 50],
    productPage,
    ...cpuBudgets(),
    [`${place.name} p99 at most 100 ms (${place.p99} ms; ${place.rps.toFixed(0)} orders a second, ${(ratio(place)).toFixed(1)}% of hello)`, place.p99 <= 100],
    [`stock taken by every order placed (${placedStock.taken} units for ${placedStock.orders} orders)`, placedStock.taken === placedStock.orders && placedStock.orders > 0],
    noneFailed,
  ] as const;
  console.log(`\nduring ${SIGN_IN_CONNECTIONS} parallel sign-ins (scrypt) for ${SIGN_IN_SECONDS} s, with ${SIDE_CONNECTIONS} connections to each other target\n`);
  // Beside the bare route's figures of the same run: its req/s and its p99 (idle, at 50 connections).
  const helloP99 = Math.max(results[0]!.p99, 0.1);
  console.log('target                      req/s      p99 ms   failed   req/s ratio to hello   p99 ratio to hello');
  for (const r of underSignIns) {
    console.log(
      `${r.name.padEnd(26)} ${r.rps.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(10)} ${String(r.errors).padStart(8)}` +
        ` ${((r.rps / hello) * 100).toFixed(1).padStart(21)}% ${(r.p99 / helloP99).toFixed(1).padStart(19)}x`,
    );
  }
  const [signIns, image, page] = underSignIns as [(typeof underSignIns)[0], (typeof underSignIns)[0], (typeof underSignIns)[0]];
  const starvation = [
    [`sign-ins answered (${signIns.rps.toFixed(1)} a second, none failed)`, signIns.rps > 0 && signIns.errors === 0],
    [`${image.name} p99 under 200 ms during sign-ins (${image.p99} ms)`, image.p99 < 200],
    [`${page.name} p99 under 200 ms during sign-ins (${page.p99} ms)`, page.p99 < 200],
    ['no failed image or page request during sign-ins', image.errors === 0 && page.errors === 0],
  ] as const;

  await finish([...checks, ...starvation, ...printDesign(design!)]);
}

type Measured = { name: string; rps: number; p99: number; errors: number; cpuUs: number };

/** The table of every target: req/s and CPU a request, each beside the bare route's (the first) of the same run. */
function printResults(results: Measured[]) {
  const [hello, helloCpu] = [results[0]!.rps, results[0]!.cpuUs];
  console.log('target                      req/s      p99 ms   ratio to hello   failed   cpu µs/req   cpu ratio to hello');
  for (const r of results) {
    console.log(
      `${r.name.padEnd(26)} ${r.rps.toFixed(0).padStart(7)} ${r.p99.toFixed(1).padStart(10)} ${((r.rps / hello) * 100).toFixed(1).padStart(14)}% ${String(r.errors).padStart(8)}` +
        ` ${r.cpuUs.toFixed(1).padStart(12)} ${(r.cpuUs / helloCpu).toFixed(1).padStart(18)}x`,
    );
  }
}

/** Prints each budget with PASS or FAIL, drops the database (unless BENCH_KEEP) and fails the run on a FAIL. */
async function finish(budgets: readonly (readonly [string, boolean])[]) {
  console.log('');
  for (const [label, ok] of budgets) console.log(`${ok ? 'PASS' : 'FAIL'}  ${label}`);
  if (!process.env.BENCH_KEEP) {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    admin.on('error', (err) => console.warn('database connection lost:', err.message));
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
    await admin.end();
  }
  if (budgets.some(([, ok]) => !ok)) process.exitCode = 1;
}

type LoopHeld = { maxMs: number; p99Ms: number; utilisation: number };
type DesignMeasured = Awaited<ReturnType<typeof designLoad>>;

/** The q-th quantile (0 to 1) of some figures, the nearest rank. */
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
};

/**
 * The layout generator's largest valid calculation (largest-design.ts) on the demo catalogue's mats and cables:
 * BENCH_DESIGN_REQUESTS of them one after another, each timed, with the CPU time the server's main thread spent on
 * each (its /proc task: the worker threads' time is not in it) and how long its event loop was held at most. Then
 * health (10 connections) for BENCH_SECONDS alone, and as long again with the largest design posted once a second
 * beside it: health's p99 in both, the loop's largest delay, and the designs' answers.
 */
async function designLoad(base: string, probe: string, pid: number) {
  const body = JSON.stringify(LARGEST_DESIGN);
  const post = async () => {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/v1/design/calculate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const bytes = (await res.arrayBuffer()).byteLength;
    return { ms: performance.now() - t0, status: res.status, bytes };
  };
  const mainThreadCpuMs = () => {
    try {
      const fields = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      return Number.NaN;
    }
  };
  const loop = {
    reset: () => fetch(`${probe}/event-loop/reset`, { method: 'POST' }),
    read: async () => (await (await fetch(`${probe}/event-loop`)).json()) as LoopHeld,
  };
  const health = (duration: number) => autocannon({ url: `${base}/api/v1/health`, connections: HEALTH_CONNECTIONS, duration });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  // Warm-up: the catalogue's first read, the engine's code compiled in its threads.
  for (let i = 0; i < 3; i++) await post();
  await loop.reset();
  const cpu0 = mainThreadCpuMs();
  const sequential: Awaited<ReturnType<typeof post>>[] = [];
  for (let i = 0; i < DESIGN_REQUESTS; i++) sequential.push(await post());
  const mainCpuMs = (mainThreadCpuMs() - cpu0) / DESIGN_REQUESTS;
  const sequentialLoop = await loop.read();

  await new Promise((resolve) => setTimeout(resolve, 1000));
  await health(2); // warm-up
  await loop.reset();
  const alone = await health(SECONDS);
  const aloneLoop = await loop.read();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await loop.reset();
  const beside: Promise<Awaited<ReturnType<typeof post>>>[] = [];
  const timer = setInterval(() => beside.push(post()), 1000);
  const underLoad = await health(SECONDS);
  clearInterval(timer);
  const besideLoop = await loop.read();
  const answers = await Promise.all(beside);
  const times = sequential.map((r) => r.ms);
  return {
    median: quantile(times, 0.5),
    p99: quantile(times, 0.99),
    sequentialOk: sequential.every((r) => r.status === 200),
    bytes: sequential[0]!.bytes,
    mainCpuMs,
    sequentialLoop,
    aloneLoop,
    healthAlone: { p99: alone.latency.p99, rps: alone.requests.average, errors: alone.errors + alone.non2xx + alone.timeouts },
    health: { p99: underLoad.latency.p99, rps: underLoad.requests.average, errors: underLoad.errors + underLoad.non2xx + underLoad.timeouts },
    besideLoop,
    beside: { answered: answers.filter((r) => r.status === 200).length, sent: answers.length, p99: quantile(answers.map((r) => r.ms), 0.99) },
  };
}

/** Prints the layout generator's figures and returns its budgets. */
function printDesign(d: DesignMeasured) {
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  console.log(`\nthe largest valid design (${LARGEST_DESIGN.areas.length} areas, ${LARGEST_DESIGN.areas[0]!.exclusions!.length} drains each, ${LARGEST_DESIGN.classDensityWm2} W/m²), POST /api/v1/design/calculate`);
  console.log(`  ${DESIGN_REQUESTS} one after another: median ${ms(d.median)}, p99 ${ms(d.p99)}, ${(d.bytes / 1024).toFixed(0)} KB each answer`);
  console.log(`  the main thread's CPU per calculation ${ms(d.mainCpuMs)} (in 10 ms ticks); event loop held at most ${ms(d.sequentialLoop.maxMs)} (p99 ${ms(d.sequentialLoop.p99Ms)}), busy ${(d.sequentialLoop.utilisation * 100).toFixed(1)}%`);
  console.log(`health, ${HEALTH_CONNECTIONS} connections, ${SECONDS} s`);
  console.log(`  alone: p99 ${ms(d.healthAlone.p99)}, ${d.healthAlone.rps.toFixed(0)} req/s, ${d.healthAlone.errors} failed; event loop held at most ${ms(d.aloneLoop.maxMs)} (p99 ${ms(d.aloneLoop.p99Ms)}), busy ${(d.aloneLoop.utilisation * 100).toFixed(1)}%`);
  console.log(`  beside the largest design once a second: p99 ${ms(d.health.p99)}, ${d.health.rps.toFixed(0)} req/s, ${d.health.errors} failed; ${d.beside.answered} of ${d.beside.sent} designs answered 200 (p99 ${ms(d.beside.p99)}); event loop held at most ${ms(d.besideLoop.maxMs)} (p99 ${ms(d.besideLoop.p99Ms)}), busy ${(d.besideLoop.utilisation * 100).toFixed(1)}%`);
  return [
    [`the largest valid design answered 200 to all ${DESIGN_REQUESTS} sequential requests (median ${ms(d.median)}, p99 ${ms(d.p99)})`, d.sequentialOk],
    [`health p99 under 100 ms while the largest design is requested once a second (${ms(d.health.p99)}; alone ${ms(d.healthAlone.p99)})`, d.health.p99 < 100],
    [`the event loop held under 100 ms by the largest designs (at most ${ms(Math.max(d.sequentialLoop.maxMs, d.besideLoop.maxMs))})`, Math.max(d.sequentialLoop.maxMs, d.besideLoop.maxMs) < 100],
    [`every design and health request beside them answered (${d.beside.answered} of ${d.beside.sent}; ${d.health.errors} health failed)`, d.beside.answered === d.beside.sent && d.beside.sent > 0 && d.health.errors === 0],
  ] as const;
}

const placedStock = { orders: 0, taken: 0 };

/**
 * Guests placing orders at 20 connections: one unit of one of 20 products each, shipped to Ontario, paid by
 * card (the test provider answers at once, so the figure is ours): every order takes stock with a real
 * conditional update, writes its lines, its event and its mail to the outbox. Afterwards the stock taken
 * is compared with the orders made, so a fast answer that took nothing cannot pass.
 */
async function placeOrders(base: string, serverCpuMs: () => number) {
  const c = new pg.Client({ connectionString: dbUrl });
  c.on('error', (err) => console.warn('database connection lost:', err.message));
  await c.connect();
  const products = (await c.query<{ id: string }>(`SELECT id FROM products WHERE sku IN (SELECT 'MAT-' || i FROM generate_series(1, ${PLACE_PRODUCTS}) AS i) ORDER BY sku`)).rows;
  // Stock and orders read in one statement, so both figures are of the same moment.
  const snapshot = async () => {
    const row = (
      await c.query<{ stock: string; orders: string }>(`SELECT (SELECT sum(stock) FROM products WHERE id = ANY($1::uuid[])) AS stock, (SELECT count(*) FROM orders) AS orders`, [
        products.map((p) => p.id),
      ])
    ).rows[0]!;
    return { stock: Number(row.stock), orders: Number(row.orders) };
  };
  let n = 0;
  const body = () =>
    JSON.stringify({
      items: [{ productId: products[n++ % products.length]!.id, quantity: 1 }],
      email: `bench-guest-${n}@example.com`,
      shippingAddress: { fullname: 'Bench Guest', line1: '1 King Street West', city: 'Toronto', province: 'ON', postalCode: 'M5H 1A1', country: 'CA' },
      shippingMethodId: 'standard',
      paymentMethod: 'card',
    });
  const run = (duration: number) =>
    autocannon({
      url: `${base}/api/v1/orders`,
      connections: PLACE_CONNECTIONS,
      duration,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      requests: [{ setupRequest: (request) => ({ ...request, body: body() }) }],
    });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await run(2); // warm-up
  await new Promise((resolve) => setTimeout(resolve, 500));
  const before = await snapshot();
  const cpu0 = serverCpuMs();
  const r = await run(SECONDS);
  const cpuUs = ((serverCpuMs() - cpu0) * 1000) / Math.max(r.requests.total, 1);
  // Orders still in flight when the run stopped commit stock and order together: either moment counts both.
  const after = await snapshot();
  placedStock.orders = after.orders - before.orders;
  placedStock.taken = before.stock - after.stock;
  await c.end();
  return { name: `place order (${PLACE_CONNECTIONS} conn)`, rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx + r.timeouts, cpuUs };
}

const SIGN_IN_CONNECTIONS = 200;
const SIGN_IN_SECONDS = Number(process.env.BENCH_SIGN_IN_SECONDS ?? 20);
const SIDE_CONNECTIONS = 2;

/**
 * Signs in with 200 connections (approved contractors, a different one each time, so no account's lockout
 * counts get in the way) while a product image and the app page are requested beside them: sign-ins a second,
 * and the p99 of each. A sign-in waits its turn for a hash, so it may take seconds: the timeout allows it.
 */
async function signInLoad(base: string) {
  // Contractor i is approved when i % 5 is 0, 1 or 2 (see load()): the k-th of them, k from 0.
  const approved = Math.max(3, (Math.floor(CONTRACTORS / 5) - 1) * 3);
  let next = 0;
  const email = () => {
    const k = next++ % approved;
    const r = k % 3;
    return `contractor${5 * Math.floor(k / 3) + r + (r === 0 ? 5 : 0)}@example.com`;
  };
  const signIn = (duration: number) =>
    autocannon({
      url: `${base}/api/v1/users/login`,
      connections: SIGN_IN_CONNECTIONS,
      duration,
      timeout: 60,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      requests: [{ setupRequest: (request) => ({ ...request, body: JSON.stringify({ email: email(), password: PASSWORD }) }) }],
    });
  const side = (url: string, duration: number) => autocannon({ url, connections: SIDE_CONNECTIONS, duration });
  // No warm-up: the server would go on hashing the sign-ins a warm-up leaves queued when it stops.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const [signIns, image, page] = await Promise.all([
    signIn(SIGN_IN_SECONDS),
    side(`${base}/uploads/products/bench-photo.png`, SIGN_IN_SECONDS),
    side(`${base}/`, SIGN_IN_SECONDS),
  ]);
  return [
    { name: 'sign-ins', r: signIns },
    { name: 'product image', r: image },
    { name: 'app page /', r: page },
  ].map(({ name, r }) => ({ name, rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx + r.timeouts }));
}

await main();
