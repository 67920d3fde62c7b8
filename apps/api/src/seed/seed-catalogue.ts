import { eq, inArray } from 'drizzle-orm';
import type { ProductKind } from '@meltway/shared/catalogue/limits';
import { productSlug } from '@meltway/shared/catalogue/product.schema';
import { DEMO_MATS } from '@meltway/shared/design/demo-mats';
import type { Storage } from '../lib/storage.js';
import type { Db } from '../db/client.js';
import { productPicture } from './demo-images.js';
import { frenchSpaces } from './french-typography.js';
import { brands, categories, productImages, products, suppliers } from '../db/schema/catalogue.js';

/**
 * The demo snowmelt catalogue, in English and Canadian French. Names, SKUs and prices are ours; the
 * electrical figures follow the real relationships (mats 0.6 m wide, about 400 W/m² at 240 V; cable
 * 41 W/m; amps = watts / 240).
 */

const CATEGORIES = [
  {
    name: 'Mats',
    nameFr: 'Tapis',
    description: 'Ready-made snowmelt mats, 0.6 m wide in fixed lengths, for driveway tire tracks, walkways and steps. A mat can never be cut or shortened.',
    descriptionFr: 'Tapis de déneigement prêts à poser, de 0,6 m de largeur en longueurs fixes, pour les bandes de roulement des entrées, les allées et les marches. Un tapis ne peut jamais être coupé ni raccourci.',
    kind: 'mat',
  },
  {
    name: 'Cables',
    nameFr: 'Câbles',
    description: 'Series heating cable in fixed lengths, laid in a serpentine at 76 to 102 mm spacing for any shape of driveway, ramp or patio.',
    descriptionFr: 'Câble chauffant en série en longueurs fixes, posé en serpentin à un espacement de 76 à 102 mm pour toute forme d’entrée, de rampe ou de terrasse.',
    kind: 'cable',
  },
  {
    name: 'Controls',
    nameFr: 'Commandes',
    description: 'Timers, thermostats, snow sensors, contactor panels and the 30 mA GFEP breakers every heating circuit needs.',
    descriptionFr: 'Minuteries, thermostats, détecteurs de neige, panneaux de contacteurs et les disjoncteurs de fuite à la terre (GFEP) de 30 mA qu’exige chaque circuit chauffant.',
    kind: 'controller',
  },
  {
    name: 'Accessories',
    nameFr: 'Accessoires',
    description: 'Junction boxes, mounting tape, sensor housings and the warning signs the electrical code requires.',
    descriptionFr: 'Boîtes de jonction, ruban de fixation, boîtiers de détecteur et les panneaux d’avertissement qu’exige le code de l’électricité.',
    kind: 'accessory',
  },
] as const satisfies readonly { name: string; nameFr: string; description: string; descriptionFr: string; kind: ProductKind }[];

const BRANDS = [
  { name: 'Meltway Pro', description: 'Our own line of mats, cables and controls, designed for Canadian winters.', descriptionFr: 'Notre propre gamme de tapis, de câbles et de commandes, conçue pour les hivers canadiens.' },
  { name: 'Northfrost', description: 'Snow and ice sensors and controllers.', descriptionFr: 'Détecteurs de neige et de glace, et régulateurs.' },
  { name: 'ThermaPath', description: 'Electrical protection and installation accessories.', descriptionFr: 'Protection électrique et accessoires d’installation.' },
];

const SUPPLIERS = [
  { name: 'Great Lakes Electrical Supply', contact: 'Hannah Leclerc', email: 'orders@greatlakes-electrical.example', phone: '+1 905 555 0142' },
  { name: 'Prairie Heat Distribution', contact: 'Omar Haddad', email: 'sales@prairieheat.example', phone: '+1 403 555 0118' },
];

type Item = {
  sku: string;
  name: string;
  nameFr: string;
  description: string;
  descriptionFr: string;
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
/** A figure as French writes it: a decimal comma. */
const fr = (n: number | string) => String(n).replace('.', ',');

const mats: Item[] = DEMO_MATS.map(({ sku, name, lengthM, lengthFt: ft, areaM2: area, watts, priceCents, stock }, i) => {
  const amps = round(watts / 240);
  const breaker = amps / 0.8 <= 20 ? 20 : 30;
  return {
    sku,
    name,
    nameFr: `Tapis de déneigement 0,6 × ${fr(lengthM.toFixed(1))} m (2 × ${ft} pi)`,
    description:
      `A ${area} m² (${ft * 2} ft²) snowmelt mat delivering about 400 W/m² (37 W/ft²) at 240 V: ${watts} W, ${amps} A. ` +
      `Lay it in the mortar or sand bed 38-50 mm under concrete, asphalt or pavers. Fixed size: it cannot be cut. ` +
      `Smallest GFEP breaker: ${breaker} A (continuous load at 80%). Do not use on 277 V, where it would draw about 35% more power.`,
    descriptionFr:
      `Tapis de déneigement de ${fr(area)} m² (${ft * 2} pi²) qui fournit environ 400 W/m² (37 W/pi²) à 240 V : ${watts} W, ${fr(amps)} A. ` +
      `Posez-le dans le lit de mortier ou de sable, de 38 à 50 mm sous le béton, l’asphalte ou les pavés. Format fixe : il ne se coupe pas. ` +
      `Plus petit disjoncteur de fuite à la terre (GFEP) : ${breaker} A (charge continue à 80 %). Ne pas l’utiliser à 277 V, où il consommerait environ 35 % de puissance de plus.`,
    price: priceCents,
    category: 'Mats',
    brand: 'Meltway Pro',
    supplier: SUPPLIERS[i % 2]!.name,
    stock,
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
    nameFr: `Câble de déneigement ${fr(lengthM)} m (${ft} pi), 240 V`,
    description:
      `Series heating cable, 41 W/m (12.5 W/ft) at 240 V: ${watts} W, ${round(watts / 240)} A, with a 4.5 m cold lead. ` +
      `At 76 mm (3 in) spacing it heats ${area} m² at about 538 W/m²; at 102 mm (4 in), ${round(area * 4 / 3)} m² at about 404 W/m². ` +
      `Never closer than 25 mm or wider than 102 mm; never across expansion joints. Fixed length: do not cut.`,
    descriptionFr:
      `Câble chauffant en série, 41 W/m (12,5 W/pi) à 240 V : ${fr(watts)} W, ${fr(round(watts / 240))} A, avec un câble froid de 4,5 m. ` +
      `À un espacement de 76 mm (3 po), il chauffe ${fr(area)} m² à environ 538 W/m²; à 102 mm (4 po), ${fr(round(area * 4 / 3))} m² à environ 404 W/m². ` +
      `Jamais à moins de 25 mm ni à plus de 102 mm d’écart; jamais en travers d’un joint de dilatation. Longueur fixe : ne pas couper.`,
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
    nameFr: 'Régulateur à minuterie manuelle',
    description: 'Push-button start with 1 to 12 hour run times and a 30 A relay. The simplest control: someone must start it when it snows.',
    descriptionFr: 'Démarrage par bouton-poussoir, durées de marche de 1 à 12 heures et relais de 30 A. La commande la plus simple : quelqu’un doit la mettre en marche quand il neige.',
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
    nameFr: 'Régulateur à thermostat ambiant',
    description: 'Runs whenever the air is below the set point. Easy to install, but it uses 2 to 10 times the energy of a snow sensor, since freezing hours outnumber snowfall hours.',
    descriptionFr: 'Fonctionne dès que l’air est sous le point de consigne. Facile à installer, mais il consomme de 2 à 10 fois l’énergie d’un détecteur de neige, puisque les heures de gel sont bien plus nombreuses que les heures de neige.',
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
    nameFr: 'Régulateur de neige automatique',
    description: 'Starts the system when a connected sensor detects moisture at freezing temperatures, and runs on for a set time to dry the surface. 30 A relay; add a contactor panel for larger loads.',
    descriptionFr: 'Met le système en marche lorsqu’un détecteur raccordé décèle de l’humidité sous le point de congélation, puis le laisse fonctionner le temps réglé pour assécher la surface. Relais de 30 A; ajoutez un panneau de contacteurs pour les charges plus fortes.',
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
    nameFr: 'Panneau de contacteurs, 2 circuits, 60 A',
    description: 'Switches two heating circuits from one controller when the load is above the controller relay rating (typically 30 A).',
    descriptionFr: 'Commande deux circuits chauffants à partir d’un seul régulateur lorsque la charge dépasse le calibre du relais du régulateur (habituellement 30 A).',
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
    nameFr: 'Détecteur aérien de neige et de glace',
    description: 'Mounted on a post or eave, it senses temperature and moisture together, so the system runs only when it snows. Connects to the Automatic Snow Controller.',
    descriptionFr: 'Fixé sur un poteau ou sous un avant-toit, il mesure à la fois la température et l’humidité : le système ne fonctionne que lorsqu’il neige. Se raccorde au régulateur de neige automatique.',
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
    nameFr: 'Détecteur de neige encastré',
    description: 'Set flush in the heated surface, it senses snow and ice where they fall: the most efficient control. Install it in the Pavement Sensor Housing.',
    descriptionFr: 'Posé au ras de la surface chauffée, il détecte la neige et la glace là où elles tombent : la commande la plus efficace. Installez-le dans le boîtier de détecteur pour chaussée.',
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
      nameFr: `Disjoncteur de fuite à la terre (GFEP) bipolaire ${amps} A, 30 mA`,
      description: `Ground-fault equipment protection at 30 mA, required on every heating circuit (CEC 62-116, NEC 426.28). Carries at most ${amps * 0.8} A of continuous heating load (80% of ${amps} A).`,
      descriptionFr: `Protection de l’équipement contre les défauts à la terre à 30 mA, exigée sur chaque circuit chauffant (CCE 62-116, NEC 426.28). Porte au plus ${fr(amps * 0.8)} A de charge chauffante continue (80 % de ${amps} A).`,
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
    nameFr: 'Boîte de jonction pour câbles froids',
    description: 'Weatherproof box where the cold leads of mats or cables meet the branch circuit wiring, mounted above grade.',
    descriptionFr: 'Boîte étanche où les câbles froids des tapis ou des câbles chauffants rejoignent le câblage du circuit de dérivation, installée au-dessus du niveau du sol.',
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
    nameFr: 'Ruban et feuillard de fixation, 30 m',
    description: 'Holds cable runs at an even spacing on wire mesh or the base before the pour.',
    descriptionFr: 'Maintient les câbles à un espacement régulier sur le treillis métallique ou la fondation avant la coulée.',
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
    nameFr: 'Panneau d’avertissement « Surface chauffée électriquement »',
    description: 'The sign the electrical code requires where a surface is electrically heated. Aluminium, bilingual English and French.',
    descriptionFr: 'Le panneau qu’exige le code de l’électricité là où une surface est chauffée électriquement. En aluminium, bilingue anglais et français.',
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
    nameFr: 'Boîtier de détecteur pour chaussée',
    description: 'Brass housing set in the pavement for the In-Pavement Snow Sensor, with a conduit to the controller.',
    descriptionFr: 'Boîtier en laiton encastré dans la chaussée pour le détecteur de neige encastré, avec un conduit jusqu’au régulateur.',
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
  await db
    .insert(categories)
    .values(CATEGORIES.map((c, i) => ({ name: c.name, nameFr: c.nameFr, description: c.description, descriptionFr: frenchSpaces(c.descriptionFr), image: categoryImages[i]! })))
    .onConflictDoNothing();
  await db
    .insert(brands)
    .values(BRANDS.map((b) => ({ ...b, descriptionFr: frenchSpaces(b.descriptionFr) })))
    .onConflictDoNothing();
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
          nameFr: frenchSpaces(p.nameFr),
          slug: productSlug(p.name),
          sku: p.sku,
          description: p.description,
          descriptionFr: frenchSpaces(p.descriptionFr),
          priceCents: p.price,
          categoryId: categoryIds.get(p.category)!,
          brandId: brandIds.get(p.brand) ?? null,
          supplierId: supplierIds.get(p.supplier) ?? null,
          stock: p.stock,
          kind: p.kind,
          voltage: p.voltage ?? null,
          // Every demo heater is rated at the one voltage its figures are given at (its description says so).
          ratedVoltages: (p.kind === 'mat' || p.kind === 'cable') && p.voltage ? [p.voltage] : [],
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
