import { helpSlug } from '@meltway/shared/content/help.schema';
import type { ProductKind } from '@meltway/shared/catalogue/limits';
import type { Storage } from '../lib/storage.js';
import type { Db } from '../db/client.js';
import { productPicture } from './demo-images.js';
import { frenchSpaces } from './french-typography.js';
import { faqs, helpArticles } from '../db/schema/content.js';

/** Help articles and FAQs about electric snowmelt, in English and Canadian French, so the help centre starts useful. */

const ARTICLES: { name: string; nameFr: string; picture: ProductKind; description: string; descriptionFr: string }[] = [
  {
    name: 'How a Snowmelt System Works',
    nameFr: 'Le fonctionnement d’un système de déneigement',
    picture: 'mat',
    description: `An electric snowmelt system is heating cable, or mats of cable, embedded just under a driveway, walkway, ramp or stairs. When it snows, a controller switches the circuits on and the surface melts snow and ice as it falls, so there is nothing to shovel and no salt to spread.

A system has four parts: the heating elements (mats or cable), the branch circuits with one 30 mA ground-fault (GFEP) breaker each, a controller that decides when to heat, and a sensor that tells it when it snows.

The heat needed depends on the climate and on how clear the surface must stay: about 300-400 W/m² for a home driveway, 400-500 W/m² for commercial walkways, and 500-650 W/m² or more for hospital ramps and stairs that must stay clear at all times.`,
    descriptionFr: `Un système de déneigement électrique, c’est un câble chauffant, ou des tapis de câble, noyé juste sous une entrée, une allée, une rampe ou un escalier. Lorsqu’il neige, un régulateur met les circuits sous tension et la surface fait fondre la neige et la glace à mesure qu’elles tombent : plus rien à pelleter, plus de sel à épandre.

Un système compte quatre éléments : les éléments chauffants (tapis ou câble), les circuits de dérivation munis chacun d’un disjoncteur de fuite à la terre (GFEP) de 30 mA, un régulateur qui décide quand chauffer et un détecteur qui lui signale la neige.

La chaleur nécessaire dépend du climat et du dégagement voulu : environ 300 à 400 W/m² pour une entrée résidentielle, 400 à 500 W/m² pour des allées commerciales et 500 à 650 W/m² ou plus pour les rampes et les escaliers d’hôpitaux qui doivent rester dégagés en tout temps.`,
  },
  {
    name: 'Installing a Snowmelt Mat',
    nameFr: 'Installer un tapis de déneigement',
    picture: 'mat',
    description: `1. Plan the layout first: mats come in fixed sizes and can never be cut or shortened. Keep them at least 100 mm from edges, drains and posts, and never across expansion joints.
2. Test each mat's resistance and insulation before installing and record the readings; test again after each step.
3. Lay the mat flat on the base and fix it with mounting tape. It may be turned by cutting the mesh, never the cable.
4. Embed it 38-50 mm below the finished surface of concrete or asphalt, or in the sand bed of pavers (at most 100 mm deep).
5. Run the cold leads to a junction box above grade, and have a licensed electrician connect each circuit through its own 30 mA GFEP breaker.
6. Post the "electrically heated surface" warning sign the code requires.`,
    descriptionFr: `1. Planifiez d’abord l’agencement : les tapis ont des formats fixes et ne peuvent jamais être coupés ni raccourcis. Gardez-les à au moins 100 mm des bordures, des drains et des poteaux, et jamais en travers d’un joint de dilatation.
2. Mesurez la résistance et l’isolement de chaque tapis avant de l’installer et notez les lectures; refaites les mesures après chaque étape.
3. Étendez le tapis à plat sur la fondation et fixez-le avec du ruban de fixation. On peut le tourner en coupant le treillis, jamais le câble.
4. Noyez-le de 38 à 50 mm sous la surface finie du béton ou de l’asphalte, ou dans le lit de sable des pavés (à au plus 100 mm de profondeur).
5. Amenez les câbles froids jusqu’à une boîte de jonction au-dessus du niveau du sol, et faites raccorder chaque circuit par un électricien qualifié, sur son propre disjoncteur de fuite à la terre (GFEP) de 30 mA.
6. Installez le panneau d’avertissement « surface chauffée électriquement » qu’exige le code.`,
  },
  {
    name: 'Sizing a System: Area, Watts and Circuits',
    nameFr: 'Dimensionner un système : surface, watts et circuits',
    picture: 'cable',
    description: `Start from the area to heat and the watt density for your use (about 400 W/m² for most homes). Watts = area x watt density; amps at 240 V = watts / 240.

Heating circuits are continuous loads: a circuit may carry at most 80% of its breaker's rating. A 20 A breaker carries up to 16 A (3,840 W at 240 V), a 30 A breaker 24 A and a 40 A breaker 32 A. Larger areas are split over several circuits, each with its own GFEP breaker.

For cable, spacing sets the density: at 76 mm (3 in) 41 W/m cable gives about 538 W/m²; at 102 mm (4 in), about 404 W/m². Length = area (ft²) x 12 / spacing (in): 100 ft² at 3 in needs 400 ft of cable.

A 277 V supply is not a 240 V one: power scales with the square of the voltage, so a mat rated for 240 V only would give about 35% more watts there and must not be used on it. Use mats and cables rated for 277 V, and never reuse 240 V breaker sizes for a 277 V design.`,
    descriptionFr: `Partez de la surface à chauffer et de la densité de puissance voulue (environ 400 W/m² pour la plupart des résidences). Watts = surface × densité de puissance; ampères à 240 V = watts / 240.

Les circuits chauffants sont des charges continues : un circuit peut porter au plus 80 % du calibre de son disjoncteur. Un disjoncteur de 20 A porte jusqu’à 16 A (3 840 W à 240 V), un de 30 A, 24 A, et un de 40 A, 32 A. Les grandes surfaces sont réparties sur plusieurs circuits, chacun avec son propre disjoncteur GFEP.

Pour le câble, l’espacement fixe la densité : à 76 mm (3 po), un câble de 41 W/m donne environ 538 W/m²; à 102 mm (4 po), environ 404 W/m². Longueur = surface (pi²) × 12 / espacement (po) : 100 pi² à 3 po demandent 400 pi de câble.

Une alimentation de 277 V n’est pas une alimentation de 240 V : la puissance varie selon le carré de la tension, si bien qu’un tapis homologué pour 240 V seulement y fournirait environ 35 % de watts de plus et ne doit pas y être utilisé. Utilisez des tapis et des câbles homologués pour 277 V, et ne reprenez jamais les calibres de disjoncteur d’une conception à 240 V pour une conception à 277 V.`,
  },
  {
    name: 'Ground-Fault Protection (GFEP) and the Electrical Code',
    nameFr: 'La protection contre les défauts à la terre (GFEP) et le code de l’électricité',
    picture: 'accessory',
    description: `Every snowmelt circuit needs ground-fault equipment protection that trips at 30 mA: in Canada CEC Section 62 (rule 62-116), in the United States NEC Article 426 (426.28). A standard 5 mA GFCI is not the right device: it trips on the normal leakage of long heating runs.

Each heating circuit must be a dedicated branch circuit (CEC 62-110) and is a continuous load, sized at 80% of the breaker. Embedded heating must stay at or under 1,300 W/m² (120 W/ft²).

Have a licensed electrician design and connect the circuits, and keep the resistance and insulation readings taken during installation: inspectors and warranties ask for them.`,
    descriptionFr: `Chaque circuit de déneigement exige une protection de l’équipement contre les défauts à la terre qui se déclenche à 30 mA : au Canada, la section 62 du CCE (article 62-116); aux États-Unis, l’article 426 du NEC (426.28). Un DDFT ordinaire de 5 mA n’est pas le bon appareil : il se déclenche sur les fuites normales des longs parcours chauffants.

Chaque circuit chauffant doit être un circuit de dérivation distinct (CCE 62-110); c’est une charge continue, dimensionnée à 80 % du disjoncteur. Le chauffage noyé doit rester à 1 300 W/m² (120 W/pi²) ou moins.

Confiez la conception et le raccordement des circuits à un électricien qualifié, et conservez les lectures de résistance et d’isolement prises pendant l’installation : les inspecteurs et les garanties les demandent.`,
  },
  {
    name: 'Choosing a Controller',
    nameFr: 'Choisir un régulateur',
    picture: 'controller',
    description: `Manual timer: the cheapest; someone presses start when it snows and the system runs for a set time.

Ambient thermostat: runs whenever the air is below a set temperature. Simple, but freezing hours are 2 to 10 times snowfall hours, so it uses 2 to 10 times the energy of a snow sensor.

Aerial snow sensor: mounted on a post or eave, it senses moisture and temperature together and runs the system only when it snows.

In-pavement sensor: set in the heated surface, it senses snow and ice where they fall and is the most efficient choice.

A controller's relay usually switches up to 30 A; for larger loads add a contactor panel.`,
    descriptionFr: `Minuterie manuelle : la moins chère; quelqu’un appuie sur le bouton quand il neige et le système fonctionne pendant le temps réglé.

Thermostat ambiant : fonctionne dès que l’air est sous la température réglée. Simple, mais les heures de gel représentent de 2 à 10 fois les heures de neige : il consomme donc de 2 à 10 fois l’énergie d’un détecteur de neige.

Détecteur de neige aérien : fixé sur un poteau ou sous un avant-toit, il mesure à la fois l’humidité et la température et ne fait fonctionner le système que lorsqu’il neige.

Détecteur encastré : posé dans la surface chauffée, il détecte la neige et la glace là où elles tombent; c’est le choix le plus efficace.

Le relais d’un régulateur commute habituellement jusqu’à 30 A; pour les charges plus fortes, ajoutez un panneau de contacteurs.`,
  },
  {
    name: 'What Does a Snowmelt System Cost to Run?',
    nameFr: 'Combien coûte l’utilisation d’un système de déneigement?',
    picture: 'sensor',
    description: `Energy (kWh) = power (kW) x hours of operation. A 10 m² driveway strip at 400 W/m² draws 4 kW.

With a snow sensor a season is roughly 80 full-load hours with light snowfall and 200 with average snowfall: 320 to 800 kWh for that strip.

At 2025 residential rates that is about CAD 25-60 a season in Québec (about 7.8 ¢/kWh), CAD 35-95 in Manitoba or British Columbia (10-12 ¢), CAD 45-150 in Ontario, the Maritimes or Saskatchewan (14-19 ¢) and CAD 85-210 in Alberta (about 26 ¢). An ambient thermostat can multiply these figures by 2 to 10.`,
    descriptionFr: `Énergie (kWh) = puissance (kW) × heures de fonctionnement. Une bande d’entrée de 10 m² à 400 W/m² tire 4 kW.

Avec un détecteur de neige, une saison représente environ 80 heures à pleine charge quand il neige peu et 200 heures en année moyenne : de 320 à 800 kWh pour cette bande.

Aux tarifs résidentiels de 2025, cela donne environ 25 à 60 $ par saison au Québec (environ 7,8 ¢/kWh), 35 à 95 $ au Manitoba ou en Colombie-Britannique (10 à 12 ¢), 45 à 150 $ en Ontario, dans les Maritimes ou en Saskatchewan (14 à 19 ¢) et 85 à 210 $ en Alberta (environ 26 ¢). Un thermostat ambiant peut multiplier ces montants par 2 à 10.`,
  },
  {
    name: 'Mats or Cable: Which to Choose?',
    nameFr: 'Tapis ou câble : lequel choisir?',
    picture: 'cable',
    description: `Mats are cable pre-spaced on a mesh: fast to lay on rectangles such as tire tracks, walkways and steps, with an even watt density. They come 0.6 m wide in fixed lengths and cannot be cut.

Loose cable fits any shape, including curves and flares, and lets you choose the spacing (76-102 mm) and so the watt density. It takes longer to lay out and must never cross itself, touch, or cross an expansion joint.

Many projects use both: mats on the straight runs, cable for the curves.`,
    descriptionFr: `Les tapis sont des câbles préespacés sur un treillis : rapides à poser sur des rectangles comme les bandes de roulement, les allées et les marches, avec une densité de puissance uniforme. Ils font 0,6 m de largeur en longueurs fixes et ne peuvent pas être coupés.

Le câble libre s’adapte à toutes les formes, y compris les courbes et les évasements, et permet de choisir l’espacement (76 à 102 mm), donc la densité de puissance. Il est plus long à poser et ne doit jamais se croiser, se toucher ni traverser un joint de dilatation.

Bien des projets combinent les deux : des tapis sur les parties droites, du câble dans les courbes.`,
  },
];

const FAQS: { name: string; nameFr: string; description: string; descriptionFr: string }[] = [
  {
    name: 'Can a snowmelt mat be cut to fit?',
    nameFr: 'Peut-on couper un tapis de déneigement sur mesure?',
    description: 'No. Mats and cables come in fixed lengths and must never be cut or shortened. Choose sizes that fit the area, and turn a mat by cutting its mesh, never the heating cable.',
    descriptionFr: 'Non. Les tapis et les câbles ont des longueurs fixes et ne doivent jamais être coupés ni raccourcis. Choisissez des formats adaptés à la surface, et tournez un tapis en coupant son treillis, jamais le câble chauffant.',
  },
  {
    name: 'Do I need a GFEP breaker?',
    nameFr: 'Ai-je besoin d’un disjoncteur GFEP?',
    description: 'Yes. Every heating circuit needs 30 mA ground-fault equipment protection (CEC 62-116 in Canada, NEC 426.28 in the United States), one breaker per circuit.',
    descriptionFr: 'Oui. Chaque circuit chauffant exige une protection de l’équipement contre les défauts à la terre de 30 mA (article 62-116 du CCE au Canada, 426.28 du NEC aux États-Unis), à raison d’un disjoncteur par circuit.',
  },
  {
    name: 'What breaker size does my mat need?',
    nameFr: 'Quel calibre de disjoncteur mon tapis exige-t-il?',
    description: 'Heating is a continuous load, so a circuit may carry at most 80% of its breaker. A 15.4 A mat (0.6 x 15.2 m at 240 V) fits a 20 A breaker; a 20 A mat needs a 30 A breaker.',
    descriptionFr: 'Le chauffage est une charge continue : un circuit peut porter au plus 80 % de son disjoncteur. Un tapis de 15,4 A (0,6 × 15,2 m à 240 V) convient à un disjoncteur de 20 A; un tapis de 20 A exige un disjoncteur de 30 A.',
  },
  {
    name: 'How much does it cost to run?',
    nameFr: 'Combien coûte son utilisation?',
    description: 'kWh = kW x hours. A 4 kW driveway strip on a snow sensor runs about 80-200 full-load hours a season: 320-800 kWh, so roughly CAD 25 to 210 depending on your province. The layout generator scales those hours to your city by how much of its precipitation does not fall as rain (National Building Code of Canada 2020), an estimate it shows with its formula.',
    descriptionFr: 'kWh = kW × heures. Une bande d’entrée de 4 kW commandée par un détecteur de neige fonctionne environ 80 à 200 heures à pleine charge par saison : de 320 à 800 kWh, soit environ 25 à 210 $ selon votre province. Le générateur de plans ajuste ces heures à votre ville selon la part de ses précipitations qui ne tombe pas en pluie (Code national du bâtiment du Canada 2020), une estimation qu’il montre avec sa formule.',
  },
  {
    name: 'Which controller is the most efficient?',
    nameFr: 'Quel régulateur est le plus efficace?',
    description: 'An in-pavement snow sensor: it runs the system only when snow or ice is on the surface. An ambient thermostat is simpler but uses 2 to 10 times more energy.',
    descriptionFr: 'Un détecteur de neige encastré : il ne fait fonctionner le système que lorsqu’il y a de la neige ou de la glace sur la surface. Un thermostat ambiant est plus simple, mais consomme de 2 à 10 fois plus d’énergie.',
  },
  {
    name: 'How deep is the mat or cable installed?',
    nameFr: 'À quelle profondeur installe-t-on le tapis ou le câble?',
    description: 'In concrete or asphalt, 38-50 mm (1.5-2 in) below the surface. Under pavers, in the sand bed, at most 100 mm (4 in) deep.',
    descriptionFr: 'Dans le béton ou l’asphalte, de 38 à 50 mm (1,5 à 2 po) sous la surface. Sous des pavés, dans le lit de sable, à au plus 100 mm (4 po) de profondeur.',
  },
  {
    name: 'Can heating cable cross an expansion joint?',
    nameFr: 'Un câble chauffant peut-il traverser un joint de dilatation?',
    description: 'No. Cables and mats must never cross expansion or control joints, and must stay at least 100 mm (4 in) from edges, drains and posts.',
    descriptionFr: 'Non. Les câbles et les tapis ne doivent jamais traverser les joints de dilatation ou de retrait, et doivent rester à au moins 100 mm (4 po) des bordures, des drains et des poteaux.',
  },
  {
    name: 'What spacing should I use for cable?',
    nameFr: 'Quel espacement utiliser pour le câble?',
    description: 'About 76 mm (3 in) for roughly 538 W/m², or 102 mm (4 in) for roughly 404 W/m². Never wider than 102 mm, never closer than 25 mm, and runs must never touch or cross.',
    descriptionFr: 'Environ 76 mm (3 po) pour à peu près 538 W/m², ou 102 mm (4 po) pour à peu près 404 W/m². Jamais plus de 102 mm ni moins de 25 mm, et les parcours ne doivent jamais se toucher ni se croiser.',
  },
  {
    name: 'Can I use a 240 V mat on 277 V?',
    nameFr: 'Puis-je utiliser un tapis de 240 V sur du 277 V?',
    description: 'Only if it is rated for it, and never with 240 V breaker sizes: power scales with the square of the voltage, so the same mat gives about 35% more watts and draws more current at 277 V.',
    descriptionFr: 'Seulement s’il est homologué pour cette tension, et jamais avec les calibres de disjoncteur prévus pour 240 V : la puissance varie selon le carré de la tension, si bien que le même tapis fournit environ 35 % de watts de plus et tire plus de courant à 277 V.',
  },
  {
    name: 'How much heat does my driveway need?',
    nameFr: 'De quelle chaleur mon entrée a-t-elle besoin?',
    description: 'About 300-400 W/m² for a home driveway, 400-500 W/m² for commercial walkways, and 500-650 W/m² or more where the surface must stay clear at all times, such as hospital ramps.',
    descriptionFr: 'Environ 300 à 400 W/m² pour une entrée résidentielle, 400 à 500 W/m² pour des allées commerciales, et 500 à 650 W/m² ou plus là où la surface doit rester dégagée en tout temps, comme les rampes d’hôpitaux.',
  },
];

/** Seeds help articles (by title) and FAQs (by question); existing ones are left as they are. */
export async function seedContent(db: Db, storage: Storage) {
  const existing = new Set((await db.select({ name: helpArticles.name }).from(helpArticles)).map((r) => r.name));
  for (const [i, a] of ARTICLES.entries()) {
    if (existing.has(a.name)) continue;
    const slug = helpSlug(a.name);
    const image = await storage.save(productPicture(a.picture, i), { folder: 'help', ext: 'png' });
    await db.insert(helpArticles).values({
      name: a.name,
      nameFr: frenchSpaces(a.nameFr),
      slug,
      description: a.description,
      descriptionFr: frenchSpaces(a.descriptionFr),
      image,
      createdAt: new Date(Date.now() - (ARTICLES.length - i) * 60_000),
    });
  }
  const questions = new Set((await db.select({ name: faqs.name }).from(faqs)).map((r) => r.name));
  for (const [i, f] of FAQS.entries()) {
    if (!questions.has(f.name)) {
      await db.insert(faqs).values({ ...f, nameFr: frenchSpaces(f.nameFr), descriptionFr: frenchSpaces(f.descriptionFr), createdAt: new Date(Date.now() - (FAQS.length - i) * 60_000) });
    }
  }
}
