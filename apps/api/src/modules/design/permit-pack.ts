import { rgb } from 'pdf-lib';
import type { AreaResult, Check, Explained, HeatFlux } from '@meltway/shared/design/design.schema';
import { CLEARANCE_M } from '@meltway/shared/design/design.schema';
import { classOfRatio, findCity } from '@meltway/shared/design/cities';
import { CONDUCTOR_SOURCE, conductorFor } from '@meltway/shared/design/conductors';
import { engineSentence } from '@meltway/shared/design/engine-texts';
import { localizedText } from '@meltway/shared/common/localized';
import type { DesignProject } from '@meltway/shared/design/project.schema';
import { formats, languageTag } from '../../lib/documents/formats.js';
import { PdfWriter, type Canvas, type Column } from '../../lib/documents/pdf-writer.js';
import type { Language } from '@meltway/shared/common/language';


type TermKey = HeatFlux['terms'][number]['key'];
type Surface = 'concrete' | 'asphalt' | 'pavers';

const WORDS = {
  en: {
    title: 'Permit pack',
    subtitle: 'Electric snow-melting system: design, circuits and code checklist',
    preparedBy: 'Prepared by',
    siteAddress: 'Site address',
    siteOwner: 'Site owner',
    installerCompany: 'Installer',
    installerLicence: 'Installer’s licence number',
    date: 'Design date',
    city: 'City',
    province: 'Province or state',
    surface: 'Surface',
    snowClass: 'Class',
    voltage: 'Voltage',
    control: 'Controller',
    areas: 'Areas',
    load: 'Total load',
    notGiven: 'Not given',
    typedWeather: 'typed in by the designer',
    classes: { residential: 'Residential', commercial: 'Commercial', critical: 'Critical' },
    surfaces: { concrete: 'Concrete', asphalt: 'Asphalt', pavers: 'Pavers' },
    controls: { manual: 'Manual timer', ambient: 'Ambient thermostat', aerial: 'Aerial snow sensor', pavement: 'In-pavement snow sensor' },
    plan: '1. Plan',
    heat: '2. Heat-flux calculation',
    circuits: '3. Circuit schedule',
    bom: '4. Bill of materials',
    checklist: '5. CEC Section 62 / NEC Article 426 checklist',
    scale: (ratio: number) => `Scale 1:${ratio} on Letter paper printed at 100%`,
    legend: 'Outline: the area · orange: mats or cable · grey: exclusions, with their 100 mm clearance dashed',
    areaLine: (a: { area: string; heated: string; pct: string; density: string; watts: string; amps: string }) =>
      `${a.area} m², heated ${a.heated} m² (${a.pct}), ${a.density} W/m², ${a.watts} W, ${a.amps} A`,
    mats: (n: number) => `${n} ${n === 1 ? 'mat' : 'mats'}`,
    cableLine: (length: string, spacing: string) => `Cable: ${length} m laid at ${spacing} mm spacing`,
    unit: 'Unit',
    sku: 'SKU',
    size: 'Size or length (m)',
    units: 'Units',
    exclusionKinds: { drain: 'drain', post: 'post', other: 'other' },
    method: { 'heat-balance': 'Method: ASHRAE snow-melting heat balance, q_o = q_s + q_m + A_r (q_e + q_h)', 'class-density': 'Method: design density of the class (no design weather)' },
    inputs: 'Inputs',
    snowfall: 'Snowfall rate',
    snowfallUnit: 'mm of water/h',
    airTemp: 'Air temperature',
    wind: 'Wind speed',
    humidity: 'Relative humidity',
    classDensity: 'Class density',
    snowFreeRatio: 'Snow-free area ratio A_r',
    backLoss: 'Back and edge losses',
    weatherFrom: 'Design weather',
    termsTitle: 'Terms, each with its formula and source',
    source: 'Source',
    terms: {
      sensible: 'Sensible (q_s)',
      melting: 'Melting (q_m)',
      evaporation: 'Evaporation (q_e)',
      convection: 'Convection and radiation (q_h)',
      surface: 'Surface flux (q_o)',
      backLoss: 'Back and edge losses',
      design: 'Design heat flux',
    } satisfies Record<TermKey, string>,
    steps: 'Steps of the calculation',
    circuitsIntro: (v: string) =>
      `All circuits at ${v} V. Each circuit has its own 30 mA GFEP breaker and carries at most 80% of its breaker's rating, heating being a continuous load.`,
    circuit: 'Circuit',
    breaker: 'Breaker (A)',
    gfep: 'GFEP 30 mA',
    loadA: 'Load (A)',
    max: '80% max (A)',
    watts: 'Watts',
    products: 'Products',
    conductor: 'Conductor',
    awg: (n: number) => `${n} AWG`,
    conductorNote: `Conductors: copper, sized from the breaker by ${CONDUCTOR_SOURCE}; the electrician confirms the size for the run’s length, its voltage drop and how it is installed.`,
    conductorUnknown: 'Not in the table',
    yes: 'Yes',
    contactor: 'through a contactor panel',
    totalLoad: (w: string, a: string) => `Total: ${w} W, ${a} A`,
    name: 'Product',
    qty: 'Qty',
    unitPrice: 'Unit price',
    lineTotal: 'Line total',
    total: 'Total (CAD, before tax)',
    taxNote: 'Prices in Canadian dollars before tax, from the catalogue when the design was saved.',
    designChecks: 'Design checks (calculated)',
    passed: 'Passed',
    failed: 'Failed',
    warning: 'Warning',
    installerChecks: 'Installer’s checks (tick on site)',
    reference: 'Reference',
    items: {
      dedicated: 'Each heating circuit is a dedicated branch circuit that supplies the snow-melting equipment only.',
      gfep: 'Each circuit is protected by a 30 mA ground-fault equipment protection (GFEP) breaker, tested after installation.',
      continuous: 'Breakers and conductors are sized for a continuous load: each circuit carries at most 80% of its breaker rating.',
      sign: (n: number) => `A warning sign “Electrically heated surface” is posted where clearly visible at each area (${n} ${n === 1 ? 'sign' : 'signs'}).`,
      testsBefore: 'Insulation resistance (megohmmeter) and continuity of every mat and cable measured and recorded before the pour.',
      testsAfter: 'Insulation resistance and continuity of every mat and cable measured and recorded again after the pour.',
      joints: 'No mat or cable crosses an expansion joint.',
      depth: {
        concrete: 'Embedded 38 to 50 mm (1.5 to 2 in) below the finished concrete surface.',
        asphalt: 'Embedded 38 to 50 mm (1.5 to 2 in) below the finished asphalt surface.',
        pavers: 'Laid in the sand bed under the pavers, at most 100 mm (4 in) below the surface.',
        unknown: 'Embedded at the depth the surface requires: concrete or asphalt 38 to 50 mm (1.5 to 2 in), pavers in the sand bed at most 100 mm (4 in).',
      } satisfies Record<Surface | 'unknown', string>,
    },
    instructions: 'Manufacturer’s instructions',
    cec: 'CEC',
    readings: (n: number, of: number) => `Insulation-resistance and continuity readings (${n} of ${of} recorded)`,
    readingsRule: 'Each reading is judged by its rule: insulation resistance at least the figure given (100 megohms, or the maker’s higher one), conductor resistance within 10% of R = V²/P.',
    phase: 'Phase',
    before: 'Before',
    after: 'After',
    insulation: 'megohms',
    continuity: 'ohms',
    result: 'Result',
    rule: 'Rule',
    pass: 'PASS',
    fail: 'FAIL',
    ruleText: (min: string, lo: string, hi: string) => `at least ${min} megohms; ${lo} to ${hi} ohms`,
    failedPart: { insulation: 'insulation too low', continuity: 'resistance out of range' },
    notTested: (units: string) => `Not yet tested (no passing reading both before and after the pour): ${units}`,
    allTested: 'Every mat and cable has a passing reading before and after the pour.',
    signature: (company: string, licence: string) => `Installer: ${company}   Licence: ${licence}   Signature: ______________   Date: ______________`,
    page: (n: number, of: number) => `Page ${n} of ${of}`,
  },
  fr: {
    title: 'Dossier de permis',
    subtitle: 'Système électrique de fonte de neige : conception, circuits et liste de vérification du code',
    preparedBy: 'Préparé par',
    siteAddress: 'Adresse du chantier',
    siteOwner: 'Propriétaire du lieu',
    installerCompany: 'Installateur',
    installerLicence: 'Licence de l’installateur',
    date: 'Date de conception',
    city: 'Ville',
    province: 'Province ou État',
    surface: 'Revêtement',
    snowClass: 'Classe',
    voltage: 'Tension',
    control: 'Commande',
    areas: 'Surfaces',
    load: 'Charge totale',
    notGiven: 'Non précisé',
    typedWeather: 'saisie par le concepteur',
    classes: { residential: 'Résidentielle', commercial: 'Commerciale', critical: 'Critique' },
    surfaces: { concrete: 'Béton', asphalt: 'Asphalte', pavers: 'Pavés' },
    controls: { manual: 'Minuterie manuelle', ambient: 'Thermostat ambiant', aerial: 'Détecteur de neige aérien', pavement: 'Détecteur de neige encastré' },
    plan: '1. Plan',
    heat: '2. Calcul du flux de chaleur',
    circuits: '3. Tableau des circuits',
    bom: '4. Nomenclature',
    checklist: '5. Liste de vérification CCE section 62 / NEC article 426',
    scale: (ratio: number) => `Échelle 1:${ratio} sur papier Lettre imprimé à 100 %`,
    legend: 'Contour : la surface · orange : nattes ou câble · gris : exclusions, avec leur dégagement de 100 mm en tirets',
    areaLine: (a: { area: string; heated: string; pct: string; density: string; watts: string; amps: string }) =>
      `${a.area} m², chauffés ${a.heated} m² (${a.pct}), ${a.density} W/m², ${a.watts} W, ${a.amps} A`,
    mats: (n: number) => `${n} ${n > 1 ? 'nattes' : 'natte'}`,
    cableLine: (length: string, spacing: string) => `Câble : ${length} m posés à un espacement de ${spacing} mm`,
    unit: 'Unité',
    sku: 'UGS',
    size: 'Dimensions ou longueur (m)',
    units: 'Unités',
    exclusionKinds: { drain: 'drain', post: 'poteau', other: 'autre' },
    method: { 'heat-balance': 'Méthode : bilan thermique de fonte de neige ASHRAE, q_o = q_s + q_m + A_r (q_e + q_h)', 'class-density': 'Méthode : densité de conception de la classe (sans météo de conception)' },
    inputs: 'Données',
    snowfall: 'Intensité des chutes de neige',
    snowfallUnit: 'mm d’eau/h',
    airTemp: 'Température de l’air',
    wind: 'Vitesse du vent',
    humidity: 'Humidité relative',
    classDensity: 'Densité de la classe',
    snowFreeRatio: 'Rapport de surface sans neige A_r',
    backLoss: 'Pertes arrière et de rive',
    weatherFrom: 'Météo de conception',
    termsTitle: 'Termes, chacun avec sa formule et sa source',
    source: 'Source',
    terms: {
      sensible: 'Chaleur sensible (q_s)',
      melting: 'Fusion (q_m)',
      evaporation: 'Évaporation (q_e)',
      convection: 'Convection et rayonnement (q_h)',
      surface: 'Flux en surface (q_o)',
      backLoss: 'Pertes arrière et de rive',
      design: 'Flux de chaleur de conception',
    } satisfies Record<TermKey, string>,
    steps: 'Étapes du calcul',
    circuitsIntro: (v: string) =>
      `Tous les circuits à ${v} V. Chaque circuit a son propre disjoncteur DDFT de 30 mA (protection de l’équipement) et porte au plus 80 % du calibre de son disjoncteur, le chauffage étant une charge continue.`,
    circuit: 'Circuit',
    breaker: 'Disjoncteur (A)',
    gfep: 'DDFT 30 mA',
    loadA: 'Charge (A)',
    max: '80 % max (A)',
    watts: 'Watts',
    products: 'Produits',
    conductor: 'Conducteur',
    awg: (n: number) => `${n} AWG`,
    conductorNote:
      'Conducteurs : cuivre, dimensionnés d’après le disjoncteur selon le CCE, tableau 2 (cuivre, 75 °C) avec l’article 14-104 / NEC, tableau 310.16 avec 240.4(D) ; l’électricien confirme le calibre selon la longueur du parcours, la chute de tension et le mode d’installation.',
    conductorUnknown: 'Hors du tableau',
    yes: 'Oui',
    contactor: 'par un panneau de contacteurs',
    totalLoad: (w: string, a: string) => `Total : ${w} W, ${a} A`,
    name: 'Produit',
    qty: 'Qté',
    unitPrice: 'Prix unitaire',
    lineTotal: 'Total de la ligne',
    total: 'Total (CAD, avant taxes)',
    taxNote: 'Prix en dollars canadiens avant taxes, ceux du catalogue au moment où la conception a été enregistrée.',
    designChecks: 'Vérifications de la conception (calculées)',
    passed: 'Conforme',
    failed: 'Non conforme',
    warning: 'Avertissement',
    installerChecks: 'Vérifications de l’installateur (à cocher sur le chantier)',
    reference: 'Référence',
    items: {
      dedicated: 'Chaque circuit de chauffage est un circuit de dérivation réservé qui n’alimente que l’équipement de fonte de neige.',
      gfep: 'Chaque circuit est protégé par un disjoncteur de protection de l’équipement contre les défauts à la terre (DDFT) de 30 mA, essayé après l’installation.',
      continuous: 'Disjoncteurs et conducteurs dimensionnés pour une charge continue : chaque circuit porte au plus 80 % du calibre de son disjoncteur.',
      sign: (n: number) => `Une affiche « Surface chauffée électriquement » est posée bien en vue à chaque surface (${n} ${n > 1 ? 'affiches' : 'affiche'}).`,
      testsBefore: 'Résistance d’isolement (mégohmmètre) et continuité de chaque natte et câble mesurées et consignées avant la coulée.',
      testsAfter: 'Résistance d’isolement et continuité de chaque natte et câble mesurées et consignées de nouveau après la coulée.',
      joints: 'Aucune natte ni aucun câble ne traverse un joint de dilatation.',
      depth: {
        concrete: 'Noyé de 38 à 50 mm (1,5 à 2 po) sous la surface finie du béton.',
        asphalt: 'Noyé de 38 à 50 mm (1,5 à 2 po) sous la surface finie de l’asphalte.',
        pavers: 'Posé dans le lit de sable sous les pavés, à au plus 100 mm (4 po) sous la surface.',
        unknown: 'Noyé à la profondeur que demande le revêtement : béton ou asphalte de 38 à 50 mm (1,5 à 2 po), pavés dans le lit de sable à au plus 100 mm (4 po).',
      } satisfies Record<Surface | 'unknown', string>,
    },
    instructions: 'Instructions du fabricant',
    cec: 'CCE',
    readings: (n: number, of: number) => `Mesures de résistance d’isolement et de continuité (${n} sur ${of} consignées)`,
    readingsRule: 'Chaque mesure est jugée selon sa règle : résistance d’isolement d’au moins la valeur donnée (100 mégohms, ou celle plus élevée du fabricant), résistance du conducteur à 10 % près de R = V²/P.',
    phase: 'Phase',
    before: 'Avant',
    after: 'Après',
    insulation: 'mégohms',
    continuity: 'ohms',
    result: 'Résultat',
    rule: 'Règle',
    pass: 'CONFORME',
    fail: 'NON CONFORME',
    ruleText: (min: string, lo: string, hi: string) => `au moins ${min} mégohms ; de ${lo} à ${hi} ohms`,
    failedPart: { insulation: 'isolement trop faible', continuity: 'résistance hors plage' },
    notTested: (units: string) => `Pas encore essayées (aucune mesure conforme avant et après la coulée) : ${units}`,
    allTested: 'Chaque natte et chaque câble a une mesure conforme avant et après la coulée.',
    signature: (company: string, licence: string) => `Installateur : ${company}   Licence : ${licence}   Signature : ______________   Date : ______________`,
    page: (n: number, of: number) => `Page ${n} sur ${of}`,
  },
} as const;

/**
 * Helvetica's WinAnsi set has no Greek letters, no ≤ and no subscripts; the engine's formulas use them, so they are
 * spelled out rather than drawn as '?'. Two Greek letters in a row are a product (σε), so their names get a dot.
 */
const GREEK: Record<string, string> = {
  'ρ': 'rho', 'ν': 'nu', 'σ': 'sigma', 'ε': 'eps', 'π': 'pi', 'Δ': 'delta', 'τ': 'tau', 'η': 'eta', 'λ': 'lambda', 'α': 'alpha', 'θ': 'theta',
};
const SYMBOLS: Record<string, string> = {
  'μ': 'µ', 'Ω': 'ohm', '≤': '<=', '≥': '>=', '≈': '~', '→': '->', '√': 'sqrt', '−': '-', '∑': 'sum', 'Σ': 'sum', '∞': 'inf',
  '⁰': '^0', '⁴': '^4', '⁵': '^5', '⁶': '^6', '⁷': '^7', '⁸': '^8', '⁹': '^9', '⁻': '^-',
  '₀': '_0', '₁': '_1', '₂': '_2', '₃': '_3', '₄': '_4', '₅': '_5', '₆': '_6', '₇': '_7', '₈': '_8', '₉': '_9',
};
function spelled(s: string): string {
  let out = '';
  let greek = false;
  for (const ch of s) {
    const name = GREEK[ch];
    out += name ? `${greek ? '·' : ''}${name}` : (SYMBOLS[ch] ?? ch);
    greek = name !== undefined;
  }
  return out;
}

const INK = rgb(0.09, 0.13, 0.2);
const MUTED = rgb(0.38, 0.43, 0.5);
const AREA_FILL = rgb(0.92, 0.96, 0.99);
const EMBER = rgb(0.91, 0.42, 0.13);
const MAT_FILL = rgb(0.99, 0.86, 0.76);
const EXCLUSION_FILL = rgb(0.85, 0.86, 0.88);
const WHITE = rgb(1, 1, 1);

/** Paper scales a plan may be drawn at (1:n), smallest first. */
const SCALES = [10, 20, 25, 50, 75, 100, 125, 150, 200, 250, 300, 400, 500, 750, 1000, 1250, 1500, 2000, 2500, 5000, 10000, 20000];
const POINTS_PER_MM = 72 / 25.4;
/** Room around a plan for its dimensions (left, top) and its scale bar (bottom), in points. */
const PLAN_LEFT = 34;
const PLAN_TOP = 26;
const PLAN_BOTTOM = 30;
/** Room right of a plan for the side lengths of a drawn outline. */
const PLAN_RIGHT = 34;
const PLAN_MAX_HEIGHT = 300;

/** What a section's title and an area's name take on the page, in points. */
const HEADING_HEIGHT = 35;
const SUBHEADING_HEIGHT = 22;

/**
 * The permit pack of a saved project as PDF, in English or French: a cover with the site, the plan of every
 * area to scale, the heat-flux calculation with its inputs, formulas and sources, the circuit schedule, the
 * bill of materials, and the CEC Section 62 / NEC Article 426 checklist with the readings recorded so far.
 */
export async function permitPackPdf(project: DesignProject, lang: Language): Promise<Uint8Array> {
  const w = WORDS[lang];
  const f = formats(lang);
  const number = (v: number, digits = 0) => new Intl.NumberFormat(languageTag(lang), { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(v);
  const engineNumber = new Intl.NumberFormat(languageTag(lang), { maximumFractionDigits: 2 });
  /** One of the engine's sentences: its English `text`, or the shared French filled with French numbers and money. */
  const sentence = (s: Pick<Explained, 'code' | 'params' | 'text'>) =>
    lang === 'en' ? s.text : engineSentence(s, lang, { number: (v) => engineNumber.format(v), money: f.money });
  const { result, input } = project;
  const conductorOf = (breakerAmps: number) => {
    const conductor = conductorFor(breakerAmps);
    return conductor ? w.awg(conductor.awg) : w.conductorUnknown;
  };
  /** A product of the bill of materials by its name in the pack's language, where the catalogue has it. */
  const pdf = await PdfWriter.create({ title: `${w.title}: ${project.name}`, at: new Date(project.updatedAt), language: languageTag(lang) });

  const heading = (s: string) => {
    pdf.need(HEADING_HEIGHT + 30);
    pdf.down(8);
    pdf.line(s, { size: 14, bold: true });
    pdf.rule(6);
  };
  const subheading = (s: string) => {
    pdf.need(SUBHEADING_HEIGHT + 16);
    pdf.down(4);
    for (const l of pdf.wrap(s, pdf.width, 11, true)) pdf.line(l, { size: 11, bold: true });
  };
  const paragraph = (s: string, o: { size?: number; muted?: boolean } = {}) => {
    for (const l of pdf.wrap(spelled(s), pdf.width, o.size ?? 9)) pdf.line(l, { size: o.size ?? 9, muted: o.muted });
  };
  const LABEL_WIDTH = 150;
  const fact = (label: string, value: string) => {
    const labels = pdf.wrap(label, LABEL_WIDTH - 10, 10);
    const values = pdf.wrap(value, pdf.width - LABEL_WIDTH, 10);
    const rows = Math.max(labels.length, values.length);
    pdf.need(14.5 * rows + 2);
    labels.forEach((l, i) => pdf.put(l, { muted: true, dy: i * 14.5 }));
    values.forEach((l, i) => pdf.put(l, { x: pdf.left + LABEL_WIDTH, dy: i * 14.5 }));
    pdf.down(14.5 * rows);
  };
  /** Two short facts side by side, each in half the width: the cover keeps room for the first plan. */
  const factPair = (a: [string, string], b: [string, string]) => {
    const half = pdf.width / 2;
    const label = 100;
    const cells = [a, b].map(([l, v]) => ({ labels: pdf.wrap(l, label - 8, 10), values: pdf.wrap(v, half - label - 8, 10) }));
    const rows = Math.max(...cells.flatMap((c) => [c.labels.length, c.values.length]));
    pdf.need(14.5 * rows + 2);
    cells.forEach((c, k) => {
      c.labels.forEach((l, i) => pdf.put(l, { x: pdf.left + k * half, muted: true, dy: i * 14.5 }));
      c.values.forEach((l, i) => pdf.put(l, { x: pdf.left + k * half + label, dy: i * 14.5 }));
    });
    pdf.down(14.5 * rows);
  };
  /** Columns as wide as their bold header (numbers fit under it), the `flex` ones sharing what is left. */
  const columns = (spec: readonly ({ label: string; align?: 'right'; min?: number } | { label: string; flex: number })[]): Column[] => {
    const fixed = spec.map((c) => ('flex' in c ? 0 : Math.max(c.min ?? 0, pdf.widthOf(c.label, 9, true) + 12)));
    const flexTotal = spec.reduce((sum, c) => sum + ('flex' in c ? c.flex : 0), 0);
    const rest = pdf.width - fixed.reduce((a, b) => a + b, 0);
    return spec.map((c, i) => ('flex' in c ? { label: c.label, width: (rest * c.flex) / flexTotal } : { label: c.label, width: fixed[i]!, align: c.align }));
  };

  // Cover.
  pdf.line('Meltway', { size: 10, muted: true });
  pdf.down(2);
  pdf.line(w.title, { size: 22, bold: true });
  for (const l of pdf.wrap(project.name, pdf.width, 16, true)) pdf.line(l, { size: 16, bold: true });
  pdf.line(w.subtitle, { muted: true });
  pdf.down(6);
  const snowClass = classOfRatio(result.heatFlux.snowFreeRatio);
  const city = input.city ? findCity(input.city) : undefined;
  const province = input.province ?? result.runningCost.province;
  /** A field of the project's as typed, or "not given": a blank is said, never left out. */
  const given = (v: string) => v.trim() || w.notGiven;
  const controller = result.bom.find((b) => b.role === 'controller');
  fact(w.siteAddress, given(project.siteAddress));
  fact(w.siteOwner, given(project.siteOwner));
  fact(w.installerCompany, given(project.installerCompany));
  fact(w.installerLicence, given(project.installerLicence));
  // The account that made the project: the installer's contact, never taken for the site's owner.
  fact(w.preparedBy, project.ownerName);
  factPair([w.city, city ? `${city.name}, ${city.province}` : (input.city ?? w.notGiven)], [w.province, province ?? w.notGiven]);
  factPair([w.date, f.date(project.updatedAt)], [w.surface, input.surface ? w.surfaces[input.surface] : w.notGiven]);
  factPair(
    [w.voltage, `${result.voltage} V`],
    [w.control, input.control ? w.controls[input.control] : controller ? localizedText(controller.name, controller.nameFr, lang) : w.notGiven],
  );
  factPair([w.snowClass, `${w.classes[snowClass]} (A_r = ${number(result.heatFlux.snowFreeRatio, 2)})`], [w.load, `${number(result.totals.watts)} W, ${number(result.totals.amps, 1)} A`]);
  fact(w.areas, `${result.areas.map((a) => a.name).join(', ')} (${number(result.totals.areaM2, 1)} m²)`);

  const plans = result.areas.map((area, i) => planFigure(pdf, area, i, { lang, number }));
  // A heading never ends a page: the section's title, the area's name and its plan go on one page together.
  pdf.need(HEADING_HEIGHT + SUBHEADING_HEIGHT + (plans[0]?.height ?? 0));
  heading(w.plan);
  result.areas.forEach((area, i) => {
    pdf.need(SUBHEADING_HEIGHT + plans[i]!.height);
    subheading(`${i + 1}. ${area.name}`);
    plans[i]!.draw();
    paragraph(
      [
        w.areaLine({
          area: number(area.areaM2, 1),
          heated: number(area.heatedAreaM2, 1),
          pct: f.percent(Math.round(area.coveragePct * 10) / 10),
          density: number(area.densityWm2),
          watts: number(area.watts),
          amps: number(area.amps, 1),
        }),
        area.mats.length ? w.mats(area.mats.length) : '',
        area.cable ? w.cableLine(number(area.cable.lengthM, 1), number(area.cable.spacingMm)) : '',
      ]
        .filter(Boolean)
        .join(' · '),
    );
    for (const note of area.notes) paragraph(sentence(note), { muted: true });
    pdf.down(4);
    pdf.table(
      columns([
        { label: w.sku, min: 110 },
        { label: w.size, align: 'right', min: 90 },
        { label: w.qty, align: 'right', min: 40 },
        { label: '', min: 12 },
        { label: w.units, flex: 1 },
      ]),
      areaUnits(area, i).map((g) => [
        g.sku,
        g.lengthM !== undefined ? number(g.lengthM, 1) : `${number(g.widthM!, 2)} × ${number(g.matLengthM!, 2)}`,
        String(g.units.length),
        '',
        unitRanges(g.units).join(', '),
      ]),
    );
  });
  pdf.line(w.legend, { size: 8, muted: true });

  heading(w.heat);
  const hf = result.heatFlux;
  paragraph(w.method[hf.method], { size: 10 });
  subheading(w.inputs);
  if (hf.weather) {
    fact(w.weatherFrom, input.weather || !city ? w.typedWeather : `${city.name}, ${city.province}${city.weatherSource ? ` (${city.weatherSource})` : ''}`);
    fact(w.snowfall, `${number(hf.weather.snowfallMmPerHour, 2)} ${w.snowfallUnit}`);
    fact(w.airTemp, `${number(hf.weather.airTempC, 1)} °C`);
    fact(w.wind, `${number(hf.weather.windMs, 1)} m/s`);
    fact(w.humidity, f.percent(hf.weather.humidityPct));
  } else {
    fact(w.classDensity, `${number(input.classDensityWm2 ?? hf.designWm2)} W/m²`);
  }
  fact(w.snowFreeRatio, number(hf.snowFreeRatio, 2));
  fact(w.backLoss, f.percent(hf.backLossPct));
  subheading(w.termsTitle);
  // The class method computes no term but the design density: the others would only say so.
  for (const t of hf.terms.filter((term) => hf.method === 'heat-balance' || term.key === 'design')) {
    pdf.need(44);
    pdf.down(3);
    for (const l of pdf.wrap(`${w.terms[t.key]}${f.colon}${number(t.valueWm2, 1)} W/m²`, pdf.width, 10, true)) pdf.line(l, { bold: true });
    paragraph(t.formula);
    paragraph(`${w.source}${f.colon}${t.source}`, { size: 8, muted: true });
  }
  if (result.explanation.length) {
    subheading(w.steps);
    result.explanation.forEach((e, i) => paragraph(`${i + 1}. ${sentence(e)}`));
  }

  heading(w.circuits);
  paragraph(w.circuitsIntro(String(result.voltage)));
  pdf.down(4);
  pdf.table(
    columns([
      { label: w.circuit, min: 44 },
      { label: w.breaker, align: 'right' },
      { label: w.gfep, align: 'right' },
      { label: w.loadA, align: 'right' },
      { label: w.max, align: 'right' },
      { label: w.watts, align: 'right', min: 44 },
      { label: w.conductor, align: 'right' },
      { label: '', min: 10 },
      { label: w.products, flex: 1 },
    ]),
    result.circuits.map((c) => [
      c.id,
      number(c.breakerAmps),
      w.yes,
      number(c.loadAmps, 1),
      number(c.maxLoadAmps, 1),
      number(c.watts),
      conductorOf(c.breakerAmps),
      '',
      `${[...groupProducts(c.products)].map(([key, n]) => `${n} × ${key}`).join('; ')}${c.contactor ? `; ${w.contactor}` : ''}`,
    ]),
  );
  paragraph(w.totalLoad(number(result.totals.watts), number(result.totals.amps, 1)), { size: 10 });
  paragraph(w.conductorNote, { size: 8, muted: true });

  heading(w.bom);
  pdf.table(
    [
      { label: w.sku, width: 96 },
      { label: w.name, width: 196 },
      { label: w.qty, width: 40, align: 'right' },
      { label: w.unitPrice, width: 85, align: 'right' },
      { label: w.lineTotal, width: 95, align: 'right' },
    ],
    result.bom.map((b) => [b.sku, localizedText(b.name, b.nameFr, lang), String(b.quantity), f.money(b.unitPriceCents), f.money(b.lineTotalCents)]),
  );
  pdf.amountLine(w.total, f.money(result.totals.priceCents), { bold: true });
  paragraph(w.taxNote, { muted: true, size: 8 });

  heading(w.checklist);
  subheading(w.designChecks);
  // One item per rule, with a line for each area or circuit it was checked on: a long schedule stays readable.
  const byRule = new Map<string, Check[]>();
  for (const c of result.checks) byRule.set(c.ruleCode ?? c.rule, [...(byRule.get(c.ruleCode ?? c.rule) ?? []), c]);
  for (const checks of byRule.values()) {
    const passed = checks.every((c) => c.passed);
    const mixed = !passed && checks.some((c) => c.passed);
    // A warning (the electrical service) passes no rule and fails none: it is something to act on.
    const warned = passed && checks.some((c) => c.warning);
    const { rule, ruleCode } = checks[0]!;
    checkItem(pdf, {
      mark: warned ? 'warn' : passed ? 'pass' : 'fail',
      title: `${warned ? w.warning : passed ? w.passed : w.failed}${f.colon}${spelled(ruleCode ? sentence({ code: ruleCode, params: {}, text: rule }) : rule)}`,
      texts: checks.map((c) => {
        const detail = sentence({ code: c.code, params: c.params, text: c.detail });
        return spelled(mixed && !c.passed ? `${w.failed}${f.colon}${detail}` : detail);
      }),
      reference: `${w.reference}${f.colon}${checks[0]!.reference}`,
    });
  }
  subheading(w.installerChecks);
  const surface: Surface | 'unknown' = input.surface ?? 'unknown';
  const installer: [string, string][] = [
    [w.items.dedicated, `${w.cec} 62-110`],
    [w.items.gfep, `${w.cec} 62-116 / NEC 426.28`],
    [w.items.continuous, `${w.cec} 8-104 / NEC 426.4`],
    [w.items.sign(result.areas.length), 'NEC 426.13'],
    [w.items.testsBefore, w.instructions],
    [w.items.testsAfter, w.instructions],
    [w.items.joints, 'NEC 426.20(E)'],
    [w.items.depth[surface], `NEC 426.20(C); ${w.instructions}`],
  ];
  for (const [text, reference] of installer) checkItem(pdf, { mark: 'empty', texts: [text], reference: `${w.reference}${f.colon}${reference}` });

  if (project.units.length) {
    const recorded = new Set(project.readings.map((r) => r.unit));
    subheading(w.readings(project.units.filter((u) => recorded.has(u.unit)).length, project.units.length));
    paragraph(w.readingsRule, { size: 8, muted: true });
    const sku = new Map(project.units.map((u) => [u.unit, u.sku]));
    const order = new Map(project.units.map((u, i) => [u.unit, i]));
    const readings = [...project.readings].sort((a, b) => (order.get(a.unit) ?? Infinity) - (order.get(b.unit) ?? Infinity) || (a.phase === b.phase ? 0 : a.phase === 'before' ? -1 : 1));
    if (readings.length) {
      pdf.down(4);
      pdf.table(
        columns([
          { label: w.unit, min: 50 },
          { label: w.sku, min: 80 },
          { label: w.phase },
          { label: w.insulation, align: 'right' },
          { label: w.continuity, align: 'right', min: 40 },
          { label: w.result, min: 70 },
          { label: w.rule, flex: 1 },
        ]),
        readings.map((r) => [
          r.unit,
          sku.get(r.unit) ?? '',
          r.phase === 'before' ? w.before : w.after,
          number(r.insulationMOhm, 2),
          number(r.continuityOhm, 2),
          r.passed ? w.pass : w.fail,
          [
            w.ruleText(number(r.rule.minInsulationMOhm), number(r.rule.minOhm, 2), number(r.rule.maxOhm, 2)),
            ...(r.insulationPassed ? [] : [w.failedPart.insulation]),
            ...(r.continuityPassed ? [] : [w.failedPart.continuity]),
          ].join('; '),
        ]),
      );
    }
    // A unit counts as tested once it has a passing reading before the pour and another after it.
    const passed = new Set(project.readings.filter((r) => r.passed).map((r) => `${r.unit}|${r.phase}`));
    const untested = project.units.filter((u) => !passed.has(`${u.unit}|before`) || !passed.has(`${u.unit}|after`)).map((u) => u.unit);
    pdf.down(4);
    paragraph(untested.length ? w.notTested(unitRanges(untested).join(', ')) : w.allTested, { size: 9 });
  }
  pdf.down(16);
  for (const l of pdf.wrap(w.signature(project.installerCompany.trim() || '____________________', project.installerLicence.trim() || '______________'), pdf.width, 9)) pdf.line(l, { size: 9 });

  return pdf.finish(w.page);
}

type UnitGroup = { sku: string; units: string[]; widthM?: number; matLengthM?: number; lengthM?: number };

/** An area's mats by SKU (with the mat's size) or its cable reels by SKU (with the reel's length), each with its units' names in order. */
function areaUnits(area: AreaResult, index: number): UnitGroup[] {
  const groups = new Map<string, UnitGroup>();
  area.mats.forEach((m, j) => {
    const g = groups.get(m.sku) ?? { sku: m.sku, units: [], widthM: Math.min(m.widthM, m.lengthM), matLengthM: Math.max(m.widthM, m.lengthM) };
    g.units.push(`A${index + 1}-M${j + 1}`);
    groups.set(m.sku, g);
  });
  area.cable?.products.forEach((c, j) => {
    const g = groups.get(c.sku) ?? { sku: c.sku, units: [], lengthM: c.lengthM };
    g.units.push(`A${index + 1}-C${j + 1}`);
    groups.set(c.sku, g);
  });
  return [...groups.values()];
}

/** Unit names with runs of consecutive numbers of one area and kind written as a range: A1-M1 – A1-M4, A1-M7. */
function unitRanges(units: readonly string[]): string[] {
  const numberOf = (u: string) => Number(u.slice(u.search(/\d+$/)));
  const prefixOf = (u: string) => u.slice(0, u.search(/\d+$/));
  const out: string[] = [];
  let start = 0;
  for (let i = 1; i <= units.length; i++) {
    const next = units[i];
    const previous = units[i - 1]!;
    if (next !== undefined && prefixOf(next) === prefixOf(previous) && numberOf(next) === numberOf(previous) + 1) continue;
    out.push(i - 1 === start ? units[start]! : `${units[start]} – ${units[i - 1]}`);
    start = i;
  }
  return out;
}

/** A circuit's products counted by SKU and area ("MAT-20 (Driveway)"), in the order they come. */
function groupProducts(products: readonly { sku: string; area: string }[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const p of products) {
    const key = `${p.sku} (${p.area})`;
    out.set(key, (out.get(key) ?? 0) + 1);
  }
  return out;
}

/** A checklist item: a box (ticked, crossed, or empty to tick on site), then beside it its title, its texts and its code reference. */
function checkItem(pdf: PdfWriter, item: { mark: 'pass' | 'fail' | 'warn' | 'empty'; title?: string; texts: string[]; reference: string }) {
  const BOX = 9;
  const INDENT = 16;
  const width = pdf.width - INDENT;
  const lines = [
    ...(item.title ? pdf.wrap(item.title, width, 9, true).map((t) => ({ t, size: 9, bold: true, muted: false })) : []),
    ...item.texts.flatMap((text) => pdf.wrap(text, width, 9).map((t) => ({ t, size: 9, bold: false, muted: false }))),
    ...pdf.wrap(spelled(item.reference), width, 8).map((t) => ({ t, size: 8, bold: false, muted: true })),
  ];
  // The box and the first lines stay together; an item longer than a page flows on, line by line.
  pdf.need(Math.min(lines.length, 3) * 13 + 6);
  pdf.figure(0, (c: Canvas) => {
    const bx = c.x;
    const by = c.y - 1 - BOX;
    c.page.drawRectangle({ x: bx, y: by, width: BOX, height: BOX, borderColor: INK, borderWidth: 0.8 });
    if (item.mark === 'pass') {
      c.page.drawLine({ start: { x: bx + 1.8, y: by + 4.5 }, end: { x: bx + 3.8, y: by + 2 }, thickness: 1.2, color: INK });
      c.page.drawLine({ start: { x: bx + 3.8, y: by + 2 }, end: { x: bx + 7.5, y: by + 7.5 }, thickness: 1.2, color: INK });
    } else if (item.mark === 'fail') {
      c.page.drawLine({ start: { x: bx + 2, y: by + 2 }, end: { x: bx + 7, y: by + 7 }, thickness: 1.2, color: EMBER });
      c.page.drawLine({ start: { x: bx + 2, y: by + 7 }, end: { x: bx + 7, y: by + 2 }, thickness: 1.2, color: EMBER });
    } else if (item.mark === 'warn') {
      // An exclamation mark: a stroke and a dot.
      c.page.drawLine({ start: { x: bx + 4.5, y: by + 7.5 }, end: { x: bx + 4.5, y: by + 3.5 }, thickness: 1.2, color: EMBER });
      c.page.drawLine({ start: { x: bx + 4.5, y: by + 2.2 }, end: { x: bx + 4.5, y: by + 1.4 }, thickness: 1.2, color: EMBER });
    }
  });
  for (const l of lines) pdf.line(l.t, { x: pdf.left + INDENT, size: l.size, bold: l.bold, muted: l.muted });
  pdf.down(6);
}

/** The largest paper scale (the smallest 1:n) at which a plan of `widthM` by `lengthM` fits the room it has. */
function planScale(widthM: number, lengthM: number, room: { width: number; height: number }): number {
  const fits = (ratio: number) => {
    const k = (1000 / ratio) * POINTS_PER_MM;
    return widthM * k <= room.width && lengthM * k <= room.height;
  };
  // Coordinates are at most 2,000 m apart, which the last scale draws in 283 points.
  return SCALES.find(fits) ?? SCALES[SCALES.length - 1]!;
}

/** The longest round length (1, 2 or 5 times a power of ten metres) drawn no longer than `maxPoints`. */
function scaleBarMetres(k: number, maxPoints: number): number {
  let best = 0.1;
  for (let p = 0.1; p <= 100_000; p *= 10) for (const m of [1, 2, 5]) if (m * p * k <= maxPoints) best = m * p;
  return Number(best.toPrecision(1));
}

/**
 * One area's plan to scale, y growing down the page as on the web page's plan: the outline and its
 * dimensions, the exclusions with their clearance, and the mats (numbered as their units) or the cable's
 * serpentine; then the scale and a scale bar.
 */
function planFigure(
  pdf: PdfWriter,
  area: AreaResult,
  index: number,
  o: { lang: Language; number: (v: number, digits?: number) => string },
): { height: number; draw: () => void } {
  const w = WORDS[o.lang];
  const xs = area.polygon.map((p) => p[0]);
  const ys = area.polygon.map((p) => p[1]);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  const widthM = Math.max(...xs) - minX;
  const lengthM = Math.max(...ys) - minY;
  const roomWidth = pdf.width - PLAN_LEFT - PLAN_RIGHT;
  const ratio = planScale(widthM, lengthM, { width: roomWidth, height: PLAN_MAX_HEIGHT });
  const k = (1000 / ratio) * POINTS_PER_MM;
  const drawnW = widthM * k;
  const drawnH = lengthM * k;
  const metres = (v: number) => `${o.number(v, 2)} m`;

  const height = PLAN_TOP + drawnH + PLAN_BOTTOM;
  const draw = () => pdf.figure(height, (c) => {
    const ox = c.x + PLAN_LEFT + (roomWidth - drawnW) / 2;
    const oy = c.y + c.height - PLAN_TOP;
    /** A point of the area in page coordinates. */
    const at = (x: number, y: number) => ({ x: ox + (x - minX) * k, y: oy - (y - minY) * k });
    /** An SVG path in the plan's own frame (drawSvgPath puts its origin at (ox, oy) with y down). */
    const path = (points: readonly (readonly [number, number])[], close: boolean) =>
      points.map(([x, y], i) => `${i ? 'L' : 'M'}${((x - minX) * k).toFixed(2)} ${((y - minY) * k).toFixed(2)}`).join(' ') + (close ? ' Z' : '');
    const rect = (x: number, y: number, wM: number, lM: number) => {
      const p = at(x, y + lM);
      return { x: p.x, y: p.y, width: wM * k, height: lM * k };
    };

    c.page.drawSvgPath(path(area.polygon, true), { x: ox, y: oy, color: AREA_FILL, borderColor: INK, borderWidth: 1.2 });

    area.mats.forEach((m, j) => {
      const r = rect(m.x, m.y, m.widthM, m.lengthM);
      c.page.drawRectangle({ ...r, color: MAT_FILL, borderColor: EMBER, borderWidth: 0.6 });
      const label = `M${j + 1}`;
      const size = 6;
      const lw = pdf.widthOf(label, size);
      if (r.width >= lw + 2 && r.height >= size + 2) c.text(label, r.x + (r.width - lw) / 2, r.y + (r.height - size) / 2 + 1, { size });
      else if (r.height >= lw + 2 && r.width >= size + 2) c.text(label, r.x + (r.width + size) / 2 - 1, r.y + (r.height - lw) / 2, { size, rotate: 90 });
    });
    if (area.cable) {
      // Where the engine breaks the path (around an exclusion or a notch) the pieces are drawn apart, never joined.
      const starts = [0, ...(area.cable.breaks ?? []), area.cable.path.length];
      for (let i = 0; i + 1 < starts.length; i++) {
        const piece = area.cable.path.slice(starts[i], starts[i + 1]);
        // Runs closer than the line is wide would print as a solid fill: the line thins with the scale.
        const borderWidth = Math.min(0.7, (area.cable.spacingMm / 1000) * k * 0.4);
        if (piece.length > 1) c.page.drawSvgPath(path(piece, false), { x: ox, y: oy, borderColor: EMBER, borderWidth });
      }
    }

    for (const e of area.exclusions) {
      const clear = rect(e.x - CLEARANCE_M, e.y - CLEARANCE_M, e.widthM + 2 * CLEARANCE_M, e.lengthM + 2 * CLEARANCE_M);
      c.page.drawRectangle({ ...clear, borderColor: MUTED, borderWidth: 0.5, borderDashArray: [2, 2] });
      const r = rect(e.x, e.y, e.widthM, e.lengthM);
      c.page.drawRectangle({ ...r, color: EXCLUSION_FILL, borderColor: INK, borderWidth: 0.6 });
      const kind = w.exclusionKinds[e.kind];
      const lx = clear.x + clear.width + 2;
      const ly = r.y + r.height / 2 - 2;
      c.page.drawRectangle({ x: lx - 1, y: ly - 1.5, width: pdf.widthOf(kind, 6) + 2, height: 7, color: WHITE });
      c.text(kind, lx, ly, { size: 6, muted: true });
    }

    // Overall dimensions: the width above the plan, the length to its left.
    const dim = { color: MUTED, thickness: 0.5 };
    const top = oy + 12;
    c.page.drawLine({ start: { x: ox, y: top }, end: { x: ox + drawnW, y: top }, ...dim });
    for (const x of [ox, ox + drawnW]) c.page.drawLine({ start: { x, y: top - 4 }, end: { x, y: top + 4 }, ...dim });
    const wLabel = metres(widthM);
    c.text(wLabel, ox + (drawnW - pdf.widthOf(wLabel, 7)) / 2, top + 3, { size: 7 });
    const left = ox - 12;
    c.page.drawLine({ start: { x: left, y: oy }, end: { x: left, y: oy - drawnH }, ...dim });
    for (const y of [oy, oy - drawnH]) c.page.drawLine({ start: { x: left - 4, y }, end: { x: left + 4, y }, ...dim });
    const lLabel = metres(lengthM);
    c.text(lLabel, left - 3, oy - drawnH / 2 - pdf.widthOf(lLabel, 7) / 2, { size: 7, rotate: 90 });

    // A drawn outline that is not its bounding rectangle gets each side's length beside the side.
    if (!isBoundingRectangle(area.polygon, minX, minY, widthM, lengthM)) {
      const corners = area.polygon.map(([x, y]) => at(x, y));
      const near = (u: number, v: number) => Math.abs(u - v) < 0.01;
      /** A side along the whole of the bounding box's side: the overall dimensions give its length. */
      const onFrame = (a: { x: number; y: number }, b: { x: number; y: number }) =>
        (near(a.y, b.y) && (near(a.y, oy) || near(a.y, oy - drawnH)) && near(Math.abs(b.x - a.x), drawnW)) ||
        (near(a.x, b.x) && (near(a.x, ox) || near(a.x, ox + drawnW)) && near(Math.abs(b.y - a.y), drawnH));
      // Outward is to the right of a side on a counter-clockwise outline, to its left on a clockwise one.
      const turn = Math.sign(corners.reduce((sum, a, i) => { const b = corners[(i + 1) % corners.length]!; return sum + a.x * b.y - b.x * a.y; }, 0)) || 1;
      corners.forEach((a, i) => {
        const b = corners[(i + 1) % corners.length]!;
        const side = Math.hypot(b.x - a.x, b.y - a.y);
        if (side < 24 || onFrame(a, b)) return;
        const label = metres(side / k);
        const nx = (turn * (b.y - a.y)) / side;
        const ny = (turn * (a.x - b.x)) / side;
        const lw = pdf.widthOf(label, 6);
        c.text(label, (a.x + b.x) / 2 + nx * (4 + lw / 2) - lw / 2, (a.y + b.y) / 2 + ny * 7 - 2, { size: 6, muted: true });
      });
    }

    // Scale bar.
    const barM = scaleBarMetres(k, 120);
    const bar = barM * k;
    const by = c.y + 8;
    const bx = c.x + PLAN_LEFT;
    c.page.drawRectangle({ x: bx, y: by, width: bar / 2, height: 3, color: INK });
    c.page.drawRectangle({ x: bx + bar / 2, y: by, width: bar / 2, height: 3, borderColor: INK, borderWidth: 0.5 });
    c.text('0', bx - 2, by + 6, { size: 6 });
    c.text(`${o.number(barM, barM < 1 ? 1 : 0)} m`, bx + bar - 4, by + 6, { size: 6 });
    c.text(`A${index + 1} · ${w.scale(ratio)}`, bx + bar + 24, by, { size: 7, muted: true });
  });
  return { height, draw };
}

/** Whether a polygon is exactly its bounding rectangle (a typed rectangle), whose sides the overall dimensions already give. */
function isBoundingRectangle(polygon: readonly (readonly [number, number])[], minX: number, minY: number, widthM: number, lengthM: number): boolean {
  const near = (a: number, b: number) => Math.abs(a - b) < 1e-6;
  return polygon.length === 4 && polygon.every(([x, y]) => (near(x, minX) || near(x, minX + widthM)) && (near(y, minY) || near(y, minY + lengthM)));
}
