import { eq, inArray } from 'drizzle-orm';
import type { ProductKind } from '@meltway/shared/catalogue/limits';
import { productSlug } from '@meltway/shared/catalogue/product.schema';
import type { Storage } from '../lib/storage.js';
import type { Db } from '../db/client.js';
import { productPicture } from './demo-images.js';
import { brands, categories, productImages, products, suppliers } from '../db/schema/catalogue.js';

/**
 * The demo snowmelt catalogue. Names, SKUs and prices are ours; the electrical figures follow the
 * real relationships (mats 0.6 m wide, about 400 W/m² at 240 V; cable 41 W/m; amps = watts / 240).
 */

const CATEGORIES = [
  { name: 'Mats', description: 'Ready-made snowmelt mats, 0.6 m wide in fixed lengths, for driveway tire tracks, walkways and steps. A mat can never be cut or shortened.', kind: 'mat' },
  { name: 'Cables', description: 'Series heating cable in fixed lengths, laid in a serpentine at 76 to 102 mm spacing for any shape of driveway, ramp or patio.', kind: 'cable' },
  { name: 'Controls', description: 'Timers, thermostats, snow sensors, contactor panels and the 30 mA GFEP breakers every heating circuit needs.', kind: 'controller' },
  { name: 'Accessories', description: 'Junction boxes, mounting tape, sensor housings and the warning signs the electrical code requires.', kind: 'accessory' },
] as const satisfies readonly { name: string; description: string; kind: ProductKind }[];

const BRANDS = [
  { name: 'Meltway Pro', description: 'Our own line of mats, cables and controls, designed for Canadian winters.' },
  { name: 'Northfrost', description: 'Snow and ice sensors and controllers.' },
  { name: 'ThermaPath', description: 'Electrical protection and installation accessories.' },
];

const SUPPLIERS = [
  { name: 'Great Lakes Electrical Supply', contact: 'Hannah Leclerc', email: 'orders@greatlakes-electrical.example', phone: '+1 905 555 0142' },
  { name: 'Prairie Heat Distribution', contact: 'Omar Haddad', email: 'sales@prairieheat.example', phone: '+1 403 555 0118' },
];

type Item = {
  sku: string;
  name: string;
  description: string;
  price: number;
  category: (typeof CATEGORIES)[number]['name'];
  brand: string;
  supplier: string;
  stock: number;
  kind: ProductKind;
  voltage?: number;
  watts?: number;
  wattDensity?: number;
  lengthM?: number;
  widthM?: number;
  heatedAreaM2?: number;
  currentA?: number;
  images?: number;
};

const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

/** Mats of the published table: [length m, length ft, area m², watts at 240 V]. */
const MATS: [number, number, number, number][] = [
  [1.5, 5, 0.93, 370],
  [3.0, 10, 1.86, 740],
  [4.6, 15, 2.79, 1110],
  [6.1, 20, 3.72, 1480],
  [7.6, 25, 4.65, 1850],
  [9.1, 30, 5.57, 2220],
  [11.3, 37, 6.97, 2775],
  [13.1, 43, 7.9, 3145],
  [15.2, 50, 9.29, 3700],
  [19.8, 65, 12.08, 4810],
];

const mats: Item[] = MATS.map(([lengthM, ft, area, watts], i) => {
  const amps = round(watts / 240);
  const breaker = amps / 0.8 <= 20 ? 20 : 30;
  return {
    sku: `MW-MAT-06${String(Math.round(lengthM * 10)).padStart(3, '0')}`,
    name: `Snowmelt Mat 0.6 × ${lengthM.toFixed(1)} m (2 × ${ft} ft)`,
    description:
      `A ${area} m² (${ft * 2} ft²) snowmelt mat delivering about 400 W/m² (37 W/ft²) at 240 V: ${watts} W, ${amps} A. ` +
      `Lay it in the mortar or sand bed 38-50 mm under concrete, asphalt or pavers. Fixed size: it cannot be cut. ` +
      `Smallest GFEP breaker: ${breaker} A (continuous load at 80%). Do not use on 277 V, where it would draw about 35% more power.`,
    // About CAD 10.50 per ft², rounded to a shop price.
    price: Math.round((ft * 2 * 10.5) / 10) * 1000 - 100,
    category: 'Mats',
    brand: 'Meltway Pro',
    supplier: SUPPLIERS[i % 2]!.name,
    stock: [24, 30, 18, 16, 12, 10, 6, 4, 3, 2][i]!,
    kind: 'mat',
    voltage: 240,
    watts,
    wattDensity: Math.round(watts / area),
    lengthM,
    widthM: 0.6,
    heatedAreaM2: area,
    currentA: amps,
    images: i % 3 === 0 ? 2 : 1,
  };
});

/** Cables: [length ft]; 12.5 W/ft (41 W/m) at 240 V; heated area at 76 mm (3 in) spacing. */
const cables: Item[] = [50, 100, 200, 300, 400, 600].map((ft, i) => {
  const watts = ft * 12.5;
  const lengthM = round(ft * 0.3048, 1);
  const area = round((ft * 3) / 12 / 10.764);
  return {
    sku: `MW-CBL-${String(ft).padStart(3, '0')}`,
    name: `Snowmelt Cable ${lengthM} m (${ft} ft), 240 V`,
    description:
      `Series heating cable, 41 W/m (12.5 W/ft) at 240 V: ${watts} W, ${round(watts / 240)} A, with a 4.5 m cold lead. ` +
      `At 76 mm (3 in) spacing it heats ${area} m² at about 538 W/m²; at 102 mm (4 in), ${round(area * 4 / 3)} m² at about 404 W/m². ` +
      `Never closer than 25 mm or wider than 102 mm; never across expansion joints. Fixed length: do not cut.`,
    // About CAD 5 per foot, a little less for long reels.
    price: Math.round((ft * (5.2 - i * 0.15)) / 5) * 500 - 100,
    category: 'Cables',
    brand: 'Meltway Pro',
    supplier: 'Prairie Heat Distribution',
    stock: [40, 35, 20, 14, 8, 0][i]!,
    kind: 'cable',
    voltage: 240,
    watts,
    wattDensity: 538,
    lengthM,
    heatedAreaM2: area,
    currentA: round(watts / 240),
  };
});

const controls: Item[] = [
  {
    sku: 'MW-CTL-TMR',
    name: 'Manual Timer Controller',
    description: 'Push-button start with 1 to 12 hour run times and a 30 A relay. The simplest control: someone must start it when it snows.',
    price: 32_900,
    category: 'Controls',
    brand: 'Meltway Pro',
    supplier: 'Great Lakes Electrical Supply',
    stock: 25,
    kind: 'controller',
    voltage: 240,
    currentA: 30,
  },
  {
    sku: 'NF-CTL-AMB',
    name: 'Ambient Thermostat Controller',
    description: 'Runs whenever the air is below the set point. Easy to install, but it uses 2 to 10 times the energy of a snow sensor, since freezing hours outnumber snowfall hours.',
    price: 44_900,
    category: 'Controls',
    brand: 'Northfrost',
    supplier: 'Great Lakes Electrical Supply',
    stock: 15,
    kind: 'controller',
    voltage: 240,
    currentA: 30,
  },
  {
    sku: 'NF-CTL-SNW',
    name: 'Automatic Snow Controller',
    description: 'Starts the system when a connected sensor detects moisture at freezing temperatures, and runs on for a set time to dry the surface. 30 A relay; add a contactor panel for larger loads.',
    price: 114_900,
    category: 'Controls',
    brand: 'Northfrost',
    supplier: 'Great Lakes Electrical Supply',
    stock: 9,
    kind: 'controller',
    voltage: 240,
    currentA: 30,
  },
  {
    sku: 'MW-CTL-CP60',
    name: 'Contactor Panel, 2 Circuits, 60 A',
    description: 'Switches two heating circuits from one controller when the load is above the controller relay rating (typically 30 A).',
    price: 64_900,
    category: 'Controls',
    brand: 'ThermaPath',
    supplier: 'Prairie Heat Distribution',
    stock: 7,
    kind: 'controller',
    voltage: 240,
    currentA: 60,
  },
  {
    sku: 'NF-SEN-AER',
    name: 'Aerial Snow and Ice Sensor',
    description: 'Mounted on a post or eave, it senses temperature and moisture together, so the system runs only when it snows. Connects to the Automatic Snow Controller.',
    price: 48_900,
    category: 'Controls',
    brand: 'Northfrost',
    supplier: 'Great Lakes Electrical Supply',
    stock: 11,
    kind: 'sensor',
  },
  {
    sku: 'NF-SEN-PAV',
    name: 'In-Pavement Snow Sensor',
    description: 'Set flush in the heated surface, it senses snow and ice where they fall: the most efficient control. Install it in the Pavement Sensor Housing.',
    price: 129_000,
    category: 'Controls',
    brand: 'Northfrost',
    supplier: 'Great Lakes Electrical Supply',
    stock: 5,
    kind: 'sensor',
  },
  ...[20, 30, 40, 50].map(
    (amps, i): Item => ({
      sku: `TP-GFEP-${amps}`,
      name: `GFEP Breaker 2-Pole ${amps} A, 30 mA`,
      description: `Ground-fault equipment protection at 30 mA, required on every heating circuit (CEC 62-116, NEC 426.28). Carries at most ${amps * 0.8} A of continuous heating load (80% of ${amps} A).`,
      price: [18_900, 20_900, 23_900, 26_900][i]!,
      category: 'Controls',
      brand: 'ThermaPath',
      supplier: 'Prairie Heat Distribution',
      stock: [30, 20, 12, 8][i]!,
      kind: 'accessory',
      voltage: 240,
      currentA: amps,
    }),
  ),
];

const accessories: Item[] = [
  {
    sku: 'TP-ACC-JBX',
    name: 'Cold Lead Junction Box',
    description: 'Weatherproof box where the cold leads of mats or cables meet the branch circuit wiring, mounted above grade.',
    price: 5_900,
    category: 'Accessories',
    brand: 'ThermaPath',
    supplier: 'Prairie Heat Distribution',
    stock: 60,
    kind: 'accessory',
  },
  {
    sku: 'MW-ACC-TAPE',
    name: 'Mounting Tape and Strapping, 30 m',
    description: 'Holds cable runs at an even spacing on wire mesh or the base before the pour.',
    price: 3_900,
    category: 'Accessories',
    brand: 'Meltway Pro',
    supplier: 'Great Lakes Electrical Supply',
    stock: 80,
    kind: 'accessory',
  },
  {
    sku: 'TP-ACC-SIGN',
    name: 'Warning Sign "Electrically Heated Surface"',
    description: 'The sign the electrical code requires where a surface is electrically heated. Aluminium, bilingual English and French.',
    price: 1_900,
    category: 'Accessories',
    brand: 'ThermaPath',
    supplier: 'Prairie Heat Distribution',
    stock: 120,
    kind: 'accessory',
  },
  {
    sku: 'NF-ACC-HSG',
    name: 'Pavement Sensor Housing',
    description: 'Brass housing set in the pavement for the In-Pavement Snow Sensor, with a conduit to the controller.',
    price: 12_900,
    category: 'Accessories',
    brand: 'Northfrost',
    supplier: 'Great Lakes Electrical Supply',
    stock: 14,
    kind: 'accessory',
  },
];

export const DEMO_PRODUCTS: readonly Item[] = [...mats, ...cables, ...controls, ...accessories];

const byName = (rows: { id: string; name: string }[]) => new Map(rows.map((r) => [r.name, r.id]));

/** Seeds the demo catalogue; existing rows (same name, same SKU) are left as they are. */
export async function seedCatalogue(db: Db, storage: Storage) {
  const categoryImages = await Promise.all(CATEGORIES.map((c, i) => storage.save(productPicture(c.kind, i), { folder: 'categories', ext: 'png' })));
  // Names are unique: rows that already exist are kept as they are.
  await db.insert(categories).values(CATEGORIES.map((c, i) => ({ name: c.name, description: c.description, image: categoryImages[i]! }))).onConflictDoNothing();
  await db.insert(brands).values(BRANDS).onConflictDoNothing();
  await db.insert(suppliers).values(SUPPLIERS).onConflictDoNothing();
  const categoryIds = byName(await db.select({ id: categories.id, name: categories.name }).from(categories).where(inArray(categories.name, CATEGORIES.map((c) => c.name))));
  const brandIds = byName(await db.select({ id: brands.id, name: brands.name }).from(brands).where(inArray(brands.name, BRANDS.map((b) => b.name))));
  const supplierIds = byName(await db.select({ id: suppliers.id, name: suppliers.name }).from(suppliers).where(inArray(suppliers.name, SUPPLIERS.map((b) => b.name))));
  // An image stored for a category that already existed is not referenced: remove it.
  const kept = new Set((await db.select({ image: categories.image }).from(categories)).map((r) => r.image));
  await Promise.all(categoryImages.filter((p) => !kept.has(p)).map((p) => storage.remove(p)));

  let created = 0;
  for (const [i, p] of DEMO_PRODUCTS.entries()) {
    const row = (
      await db
        .insert(products)
        .values({
          name: p.name,
          slug: productSlug(p.name),
          sku: p.sku,
          description: p.description,
          priceCents: p.price,
          categoryId: categoryIds.get(p.category)!,
          brandId: brandIds.get(p.brand) ?? null,
          supplierId: supplierIds.get(p.supplier) ?? null,
          stock: p.stock,
          kind: p.kind,
          voltage: p.voltage ?? null,
          watts: p.watts ?? null,
          wattDensity: p.wattDensity ?? null,
          lengthM: p.lengthM ?? null,
          widthM: p.widthM ?? null,
          heatedAreaM2: p.heatedAreaM2 ?? null,
          currentA: p.currentA ?? null,
          // Newest first on the shop's default sort: keep the catalogue's order.
          createdAt: new Date(Date.now() - i * 60_000),
        })
        .onConflictDoNothing()
        .returning({ id: products.id })
    )[0];
    if (!row) continue;
    created += 1;
    const images: string[] = [];
    for (let n = 0; n < (p.images ?? 1); n++) images.push(await storage.save(productPicture(p.kind, i + n), { folder: 'products', ext: 'png' }));
    await db.insert(productImages).values(images.map((path, position) => ({ productId: row.id, path, position })));
  }
  const total = (await db.select({ id: products.id }).from(products).where(eq(products.active, true))).length;
  return { created, total };
}
