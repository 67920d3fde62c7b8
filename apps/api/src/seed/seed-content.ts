import { helpSlug } from '@meltway/shared/content/help.schema';
import type { ProductKind } from '@meltway/shared/catalogue/limits';
import type { Storage } from '../lib/storage.js';
import type { Db } from '../db/client.js';
import { productPicture } from './demo-images.js';
import { faqs, helpArticles } from '../db/schema/content.js';

/** Help articles and FAQs about electric snowmelt, so the help centre starts useful. */

const ARTICLES: { name: string; picture: ProductKind; description: string }[] = [
  {
    name: 'How a Snowmelt System Works',
    picture: 'mat',
    description: `An electric snowmelt system is heating cable, or mats of cable, embedded just under a driveway, walkway, ramp or stairs. When it snows, a controller switches the circuits on and the surface melts snow and ice as it falls, so there is nothing to shovel and no salt to spread.

A system has four parts: the heating elements (mats or cable), the branch circuits with one 30 mA ground-fault (GFEP) breaker each, a controller that decides when to heat, and a sensor that tells it when it snows.

The heat needed depends on the climate and on how clear the surface must stay: about 300-400 W/m² for a home driveway, 400-500 W/m² for commercial walkways, and 500-650 W/m² or more for hospital ramps and stairs that must stay clear at all times.`,
  },
  {
    name: 'Installing a Snowmelt Mat',
    picture: 'mat',
    description: `1. Plan the layout first: mats come in fixed sizes and can never be cut or shortened. Keep them at least 100 mm from edges, drains and posts, and never across expansion joints.
2. Test each mat's resistance and insulation before installing and record the readings; test again after each step.
3. Lay the mat flat on the base and fix it with mounting tape. It may be turned by cutting the mesh, never the cable.
4. Embed it 38-50 mm below the finished surface of concrete or asphalt, or in the sand bed of pavers (at most 100 mm deep).
5. Run the cold leads to a junction box above grade, and have a licensed electrician connect each circuit through its own 30 mA GFEP breaker.
6. Post the "electrically heated surface" warning sign the code requires.`,
  },
  {
    name: 'Sizing a System: Area, Watts and Circuits',
    picture: 'cable',
    description: `Start from the area to heat and the watt density for your use (about 400 W/m² for most homes). Watts = area x watt density; amps at 240 V = watts / 240.

Heating circuits are continuous loads: a circuit may carry at most 80% of its breaker's rating. A 20 A breaker carries up to 16 A (3,840 W at 240 V), a 30 A breaker 24 A and a 40 A breaker 32 A. Larger areas are split over several circuits, each with its own GFEP breaker.

For cable, spacing sets the density: at 76 mm (3 in) 41 W/m cable gives about 538 W/m²; at 102 mm (4 in), about 404 W/m². Length = area (ft²) x 12 / spacing (in): 100 ft² at 3 in needs 400 ft of cable.

A 277 V supply is not a 240 V one: power scales with the square of the voltage, so a mat gives about 35% more watts and draws more current. Never reuse 240 V breaker sizes for a 277 V design.`,
  },
  {
    name: 'Ground-Fault Protection (GFEP) and the Electrical Code',
    picture: 'accessory',
    description: `Every snowmelt circuit needs ground-fault equipment protection that trips at 30 mA: in Canada CEC Section 62 (rule 62-116), in the United States NEC Article 426 (426.28). A standard 5 mA GFCI is not the right device: it trips on the normal leakage of long heating runs.

Each heating circuit must be a dedicated branch circuit (CEC 62-110) and is a continuous load, sized at 80% of the breaker. Embedded heating must stay at or under 1,300 W/m² (120 W/ft²).

Have a licensed electrician design and connect the circuits, and keep the resistance and insulation readings taken during installation: inspectors and warranties ask for them.`,
  },
  {
    name: 'Choosing a Controller',
    picture: 'controller',
    description: `Manual timer: the cheapest; someone presses start when it snows and the system runs for a set time.

Ambient thermostat: runs whenever the air is below a set temperature. Simple, but freezing hours are 2 to 10 times snowfall hours, so it uses 2 to 10 times the energy of a snow sensor.

Aerial snow sensor: mounted on a post or eave, it senses moisture and temperature together and runs the system only when it snows.

In-pavement sensor: set in the heated surface, it senses snow and ice where they fall and is the most efficient choice.

A controller's relay usually switches up to 30 A; for larger loads add a contactor panel.`,
  },
  {
    name: 'What Does a Snowmelt System Cost to Run?',
    picture: 'sensor',
    description: `Energy (kWh) = power (kW) x hours of operation. A 10 m² driveway strip at 400 W/m² draws 4 kW.

With a snow sensor a season is roughly 80 full-load hours with light snowfall and 200 with average snowfall: 320 to 800 kWh for that strip.

At 2025 residential rates that is about CAD 25-60 a season in Québec (about 7.8 ¢/kWh), CAD 35-95 in Manitoba or British Columbia (10-12 ¢), CAD 45-150 in Ontario, the Maritimes or Saskatchewan (14-19 ¢) and CAD 85-210 in Alberta (about 26 ¢). An ambient thermostat can multiply these figures by 2 to 10.`,
  },
  {
    name: 'Mats or Cable: Which to Choose?',
    picture: 'cable',
    description: `Mats are cable pre-spaced on a mesh: fast to lay on rectangles such as tire tracks, walkways and steps, with an even watt density. They come 0.6 m wide in fixed lengths and cannot be cut.

Loose cable fits any shape, including curves and flares, and lets you choose the spacing (76-102 mm) and so the watt density. It takes longer to lay out and must never cross itself, touch, or cross an expansion joint.

Many projects use both: mats on the straight runs, cable for the curves.`,
  },
];

const FAQS: { name: string; description: string }[] = [
  { name: 'Can a snowmelt mat be cut to fit?', description: 'No. Mats and cables come in fixed lengths and must never be cut or shortened. Choose sizes that fit the area, and turn a mat by cutting its mesh, never the heating cable.' },
  { name: 'Do I need a GFEP breaker?', description: 'Yes. Every heating circuit needs 30 mA ground-fault equipment protection (CEC 62-116 in Canada, NEC 426.28 in the United States), one breaker per circuit.' },
  { name: 'What breaker size does my mat need?', description: 'Heating is a continuous load, so a circuit may carry at most 80% of its breaker. A 15.4 A mat (0.6 x 15.2 m at 240 V) fits a 20 A breaker; a 20 A mat needs a 30 A breaker.' },
  { name: 'How much does it cost to run?', description: 'kWh = kW x hours. A 4 kW driveway strip on a snow sensor runs about 80-200 full-load hours a season: 320-800 kWh, so roughly CAD 25 to 210 depending on your province.' },
  { name: 'Which controller is the most efficient?', description: 'An in-pavement snow sensor: it runs the system only when snow or ice is on the surface. An ambient thermostat is simpler but uses 2 to 10 times more energy.' },
  { name: 'How deep is the mat or cable installed?', description: 'In concrete or asphalt, 38-50 mm (1.5-2 in) below the surface. Under pavers, in the sand bed, at most 100 mm (4 in) deep.' },
  { name: 'Can heating cable cross an expansion joint?', description: 'No. Cables and mats must never cross expansion or control joints, and must stay at least 100 mm (4 in) from edges, drains and posts.' },
  { name: 'What spacing should I use for cable?', description: 'About 76 mm (3 in) for roughly 538 W/m², or 102 mm (4 in) for roughly 404 W/m². Never wider than 102 mm, never closer than 25 mm, and runs must never touch or cross.' },
  { name: 'Can I use a 240 V mat on 277 V?', description: 'Only if it is rated for it, and never with 240 V breaker sizes: power scales with the square of the voltage, so the same mat gives about 35% more watts and draws more current at 277 V.' },
  { name: 'How much heat does my driveway need?', description: 'About 300-400 W/m² for a home driveway, 400-500 W/m² for commercial walkways, and 500-650 W/m² or more where the surface must stay clear at all times, such as hospital ramps.' },
];

/** Seeds help articles (by slug) and FAQs (by question); existing ones are left as they are. */
export async function seedContent(db: Db, storage: Storage) {
  const existing = new Set((await db.select({ slug: helpArticles.slug }).from(helpArticles)).map((r) => r.slug));
  for (const [i, a] of ARTICLES.entries()) {
    const slug = helpSlug(a.name);
    if (existing.has(slug)) continue;
    const image = await storage.save(productPicture(a.picture, i), { folder: 'help', ext: 'png' });
    await db.insert(helpArticles).values({ name: a.name, slug, description: a.description, image, createdAt: new Date(Date.now() - (ARTICLES.length - i) * 60_000) });
  }
  const questions = new Set((await db.select({ name: faqs.name }).from(faqs)).map((r) => r.name));
  for (const [i, f] of FAQS.entries()) {
    if (!questions.has(f.name)) await db.insert(faqs).values({ ...f, createdAt: new Date(Date.now() - (FAQS.length - i) * 60_000) });
  }
}
