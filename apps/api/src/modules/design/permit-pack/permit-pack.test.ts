import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDocument, PDFName, PDFRawStream, StandardFonts, type PDFObject } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { calculateDesign } from '@meltway/shared/design/calculate';
import { REFERENCES } from '@meltway/shared/design/checks';
import { DesignInput, type DesignProduct } from '@meltway/shared/design/design.schema';
import type { DesignProject } from '@meltway/shared/design/project.schema';
import { judgeReading, readingRule } from '@meltway/shared/design/readings';
import { designUnits } from '@meltway/shared/design/units';
import { pdfText } from '@meltway/shared/common/test/pdf-text';
import { permitPackPdf } from './index.js';

let nextId = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++nextId).padStart(12, '0')}`;
const product = (sku: string, name: string, kind: DesignProduct['kind'], priceCents: number, extra: Partial<DesignProduct> = {}): DesignProduct => ({
  id: uuid(),
  sku,
  name,
  kind,
  priceCents,
  stock: 50,
  voltage: null,
  voltages: extra.voltage && (kind === 'mat' || kind === 'cable') ? [extra.voltage] : [],
  watts: null,
  lengthM: null,
  widthM: null,
  heatedAreaM2: null,
  currentA: null,
  ...extra,
});

/** A small catalogue: 240 V mats 0.6 m wide (about 400 W/m²), 41 W/m cable, a snow controller with its sensor, GFEP breakers and the accessories. */
const CATALOGUE: DesignProduct[] = [
  ...[
    [3.0, 740],
    [6.1, 1480],
    [9.1, 2220],
  ].map(([lengthM, watts]) =>
    product(`PP-MAT-${lengthM! * 10}`, `Snowmelt Mat 0.6 × ${lengthM} m`, 'mat', Math.round(lengthM! * 7000), { voltage: 240, watts, lengthM, widthM: 0.6, heatedAreaM2: lengthM! * 0.6, currentA: watts! / 240 }),
  ),
  ...[
    [30.5, 1250],
    [61, 2500],
    [121.9, 5000],
  ].map(([lengthM, watts]) => product(`PP-CBL-${Math.round(lengthM!)}`, `Snowmelt Cable ${lengthM} m, 240 V`, 'cable', Math.round(lengthM! * 1500), { voltage: 240, watts, lengthM, currentA: watts! / 240 })),
  product('PP-CTL-SNW', 'Automatic Snow Controller', 'controller', 114_900, { voltage: 240, currentA: 30 }),
  product('PP-CTL-CP60', 'Contactor Panel, 2 Circuits, 60 A', 'controller', 64_900, { voltage: 240, currentA: 60 }),
  product('PP-SEN-AER', 'Aerial Snow and Ice Sensor', 'sensor', 48_900),
  ...[20, 30, 40].map((amps, i) => product(`PP-GFEP-${amps}`, `GFEP Breaker 2-Pole ${amps} A, 30 mA`, 'accessory', [18_900, 20_900, 23_900][i]!, { voltage: 240, currentA: amps })),
  product('PP-ACC-JBX', 'Cold Lead Junction Box', 'accessory', 5_900),
  product('PP-ACC-SIGN', 'Warning Sign "Electrically Heated Surface"', 'accessory', 1_900),
];

/** A two-area driveway in Ottawa: a rectangle with a drain (mats), and an L-shaped walkway (cable). */
const DRIVEWAY = DesignInput.parse({
  city: 'ottawa-on',
  weather: { snowfallMmPerHour: 2, airTempC: -6, windMs: 4.5, humidityPct: 80 },
  snowFreeRatio: 0,
  voltage: 240,
  surface: 'concrete',
  control: 'aerial',
  province: 'ON',
  areas: [
    { name: 'Driveway', widthM: 5.6, lengthM: 9.4, exclusions: [{ kind: 'drain', x: 2.7, y: 9.2, widthM: 0.15, lengthM: 0.15 }] },
    {
      name: 'Walkway',
      polygon: [
        [0, 0],
        [1.2, 0],
        [1.2, 4],
        [4, 4],
        [4, 5.2],
        [0, 5.2],
      ],
    },
  ],
});

function projectOf(input: typeof DRIVEWAY, over: Partial<DesignProject> = {}): DesignProject {
  const result = calculateDesign(input, CATALOGUE);
  const units = designUnits(result);
  return {
    id: uuid(),
    name: 'Tremblay residence',
    status: 'installed',
    shared: false,
    ownerName: 'Émilie Tremblay',
    ownerRole: 'contractor',
    areaM2: result.totals.areaM2,
    watts: result.totals.watts,
    priceCents: result.totals.priceCents,
    updatedAt: '2025-11-03T15:00:00.000Z',
    createdAt: '2025-11-01T15:00:00.000Z',
    editable: true,
    orderable: true,
    input,
    result,
    units: units.map((u) => ({ ...u, rule: readingRule(u, result.voltage) })),
    readings: [
      {
        id: uuid(),
        unit: units[0]!.unit,
        phase: 'before',
        insulationMOhm: 2000,
        continuityOhm: 38.92,
        recordedAt: '2025-11-02T15:00:00.000Z',
        recordedBy: 'Émilie Tremblay',
        ...judgeReading({ insulationMOhm: 2000, continuityOhm: 38.92 }, readingRule(units[0]!, result.voltage)),
        rule: readingRule(units[0]!, result.voltage),
      },
    ],
    photos: [],
    missing: [],
    siteAddress: '',
    siteOwner: '',
    installerCompany: '',
    installerLicence: '',
    ...over,
  };
}

/** The strings a PDF shows, in order, with its no-break spaces as plain ones. */
const shown = async (bytes: Uint8Array) => {
  const { pages, pageCount } = await pdfText(bytes);
  return { pageCount, strings: pages.flat().map((s) => s.replace(/\u00a0/g, ' ')) };
};
/** Whether `row` appears as consecutive strings (a table row, cell after cell). */
const hasRow = (strings: string[], row: string[]) => strings.some((_, i) => row.every((cell, k) => strings[i + k] === cell));

const PAGE = { width: 612, height: 792 };
const EDGE = 30;

/**
 * Every text a PDF draws with the box it takes on its page: positions from the text matrices pdf-lib writes,
 * widths from Helvetica's metrics (WinAnsi's 0x80-0x9F punctuation measured as a wide 'W', to stay on the safe side).
 */
async function textBoxes(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  const measure = await PDFDocument.create();
  const fonts = { regular: await measure.embedFont(StandardFonts.Helvetica), bold: await measure.embedFont(StandardFonts.HelveticaBold) };
  return doc.getPages().flatMap((page, pageIndex) => {
    const contents = page.node.Contents();
    const streams: PDFObject[] = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)!) : contents ? [contents] : [];
    const content = streams
      .map((s) => {
        if (!(s instanceof PDFRawStream)) throw new Error('unexpected content stream');
        const raw = Buffer.from(s.getContents());
        return (s.dict.get(PDFName.of('Filter')) === PDFName.of('FlateDecode') ? inflateSync(raw) : raw).toString('latin1');
      })
      .join('\n');
    const re = /\/Helvetica(-Bold)?-\d+ ([\d.]+) Tf\s+[\d.]+ TL\s+(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) Tm\s+<([0-9A-Fa-f]*)> Tj/g;
    return [...content.matchAll(re)].map((m) => {
      const text = Array.from(Buffer.from(m[9]!, 'hex'), (b) => (b >= 0x80 && b <= 0x9f ? 'W' : String.fromCharCode(b))).join('');
      const size = Number(m[2]);
      const width = (m[1] ? fonts.bold : fonts.regular).widthOfTextAtSize(text, size);
      const [a, b, x, y] = [Number(m[3]), Number(m[4]), Number(m[7]), Number(m[8])];
      // Upright text runs right from (x, y); text turned a quarter runs up.
      return { page: pageIndex + 1, text, left: x - (b ? size : 0), bottom: y, right: x + (a ? width : 0), top: y + (b ? width : size) };
    });
  });
}

describe('permit pack', () => {
  const project = projectOf(DRIVEWAY);
  const { result } = project;

  it('holds, in English, the cover, the plan, the heat-flux terms, the circuit schedule, the bill of materials and the checklist', async () => {
    expect(result.areas.map((a) => a.system)).toEqual(['mat', 'cable']);
    const bytes = await permitPackPdf(project, 'en');
    const { strings, pageCount } = await shown(bytes);
    const prose = strings.join(' ');
    expect(pageCount).toBeGreaterThan(1);
    expect(strings.at(-1)).toBe(`Page ${pageCount} of ${pageCount}`);

    for (const s of ['Permit pack', 'Tremblay residence', 'Émilie Tremblay', 'November 3, 2025', 'Ottawa, ON', 'Concrete', 'Residential (A_r = 0.00)', '240 V', 'Aerial snow sensor']) {
      expect(strings).toContain(s);
    }
    for (const s of ['1. Plan', '1. Driveway', '2. Walkway', '2. Heat-flux calculation', '3. Circuit schedule', '4. Bill of materials', '5. CEC Section 62 / NEC Article 426 checklist']) {
      expect(strings).toContain(s);
    }
    // The plan: the driveway's overall dimensions and its mats labelled as their units; the walkway's cable reels.
    const [driveway, walkway] = result.areas;
    expect(driveway!.mats.map((m) => m.sku)).toEqual(Array(9).fill('PP-MAT-91'));
    for (const s of ['5.60 m', '9.40 m', 'M1', 'M9']) expect(strings).toContain(s);
    expect(hasRow(strings, ['PP-MAT-91', '0.60 × 9.10', '9', 'A1-M1 – A1-M9'])).toBe(true);
    const reel = walkway!.cable!.products[0]!;
    expect(hasRow(strings, [reel.sku, reel.lengthM.toFixed(1), '1', 'A2-C1'])).toBe(true);

    // The heat balance: its inputs, and each term with its value and formula.
    for (const s of ['Snowfall rate', '2.00 mm of water/h', '-6.0 °C', '4.5 m/s', '80%', 'Back and edge losses']) expect(strings).toContain(s);
    expect(strings).toContain('Melting (q_m): 185.6 W/m²');
    expect(strings).toContain(`Design heat flux: ${result.heatFlux.designWm2.toFixed(1)} W/m²`);
    expect(prose).toContain('q_m = rho_w·s·h_if / 3.6e6 = 1000 × 2 × 334000 / 3.6e6 = 185.6 W/m²');
    expect(prose).toContain('ASHRAE Handbook');
    expect(prose).toContain('q_h = h_c(t_f - t_a) + sigma·eps(T_f^4 - T_MR^4)');

    // Every circuit: its id, its breaker, its GFEP, its load and its 80% limit.
    expect(result.circuits.length).toBeGreaterThan(0);
    for (const c of result.circuits) {
      expect(hasRow(strings, [c.id, String(c.breakerAmps), 'Yes', c.loadAmps.toFixed(1), (c.breakerAmps * 0.8).toFixed(1)])).toBe(true);
    }

    // The bill of materials: a mat's line, and the total, which is the sum of the lines.
    const mat = result.bom.find((l) => l.role === 'mat')!;
    const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-CA', { minimumFractionDigits: 2 })}`;
    expect(hasRow(strings, [mat.sku, mat.name, String(mat.quantity), dollars(mat.unitPriceCents), dollars(mat.lineTotalCents)])).toBe(true);
    const total = result.bom.reduce((sum, l) => sum + l.lineTotalCents, 0);
    expect(hasRow(strings, ['Total (CAD, before tax)', dollars(total)])).toBe(true);

    // The checklist: the engine's checks, then the installer's boxes with their references, then the readings.
    for (const c of result.checks) {
      const all = result.checks.filter((other) => other.rule === c.rule);
      const warned = all.every((other) => other.passed) && all.some((other) => other.warning);
      expect(strings).toContain(`${warned ? 'Warning' : all.every((other) => other.passed) ? 'Passed' : 'Failed'}: ${c.rule}`);
      expect(prose).toContain(c.detail);
    }
    expect(prose).toContain(`${result.checks.filter((c) => c.rule === 'Circuit load at most 80% of its breaker').map((c) => c.detail).join(' ')} Reference: ${REFERENCES.breaker}`);
    for (const s of ['CEC 62-110', 'CEC 62-116 / NEC 426.28', 'CEC 8-104 / NEC 426.4', 'NEC 426.13', 'NEC 426.20(E)']) expect(strings).toContain(`Reference: ${s}`);
    expect(prose).toContain('Embedded 38 to 50 mm (1.5 to 2 in) below the finished concrete surface.');
    expect(prose).toContain('No mat or cable crosses an expansion joint.');
    expect(strings).toContain(`Insulation-resistance and continuity readings (1 of ${project.units.length} recorded)`);
    const first = project.readings[0]!;
    expect(hasRow(strings, [project.units[0]!.unit, project.units[0]!.sku, 'Before', '2,000.00', '38.92', first.passed ? 'PASS' : 'FAIL'])).toBe(true);
  });

  it('holds the same in French, with French numbers and money', async () => {
    const { strings } = await shown(await permitPackPdf(project, 'fr'));
    for (const s of ['Dossier de permis', '3 novembre 2025', 'Béton', 'Résidentielle (A_r = 0,00)', 'Détecteur de neige aérien']) expect(strings).toContain(s);
    for (const s of ['1. Plan', '2. Calcul du flux de chaleur', '3. Tableau des circuits', '4. Nomenclature', '5. Liste de vérification CCE section 62 / NEC article 426']) {
      expect(strings).toContain(s);
    }
    expect(strings).toContain('5,60 m');
    expect(strings).toContain('Fusion (q_m) : 185,6 W/m²');
    for (const c of result.circuits) expect(hasRow(strings, [c.id, String(c.breakerAmps), 'Oui', c.loadAmps.toFixed(1).replace('.', ',')])).toBe(true);
    const total = result.bom.reduce((sum, l) => sum + l.lineTotalCents, 0);
    const money = `${(total / 100).toLocaleString('fr-CA', { minimumFractionDigits: 2 }).replace(/[\u202f\u00a0]/g, ' ')} $`;
    expect(hasRow(strings, ['Total (CAD, avant taxes)', money])).toBe(true);
    expect(strings).toContain("Conforme : Densité d’au plus 1 300 W/m²");
    expect(strings).not.toContain(`Conforme : ${result.checks[0]!.rule}`);
    for (const s of ['CCE 62-110', 'CCE 62-116 / NEC 426.28']) expect(strings).toContain(`Référence : ${s}`);
    const prose = strings.join(' ');
    expect(prose).toContain('Noyé de 38 à 50 mm (1,5 à 2 po) sous la surface finie du béton.');
    expect(prose).toContain('Aucune natte ni aucun câble ne traverse un joint de dilatation.');
    expect(hasRow(strings, [project.units[0]!.unit, project.units[0]!.sku, 'Avant', '2 000,00', '38,92'])).toBe(true);
  });

  const filled = () =>
    projectOf(DRIVEWAY, {
      siteAddress: '1200 Prince of Wales Dr, Ottawa',
      siteOwner: 'Marc Gagnon',
      installerCompany: 'Tremblay Électrique inc.',
      installerLicence: 'ECRA 7001234',
    });

  it('names the site, its owner apart from the installer, the installer and its licence, and who prepared it', async () => {
    const { strings } = await shown(await permitPackPdf(filled(), 'en'));
    const facts: [string, string][] = [
      ['Site address', '1200 Prince of Wales Dr, Ottawa'],
      ['City', 'Ottawa, ON'],
      ['Site owner', 'Marc Gagnon'],
      ['Installer', 'Tremblay Électrique inc.'],
      ['Installer’s licence number', 'ECRA 7001234'],
      ['Prepared by', 'Émilie Tremblay'],
    ];
    for (const row of facts) expect(hasRow(strings, row)).toBe(true);
    // The account holder is never called the owner.
    expect(strings).not.toContain('Owner');
    expect(hasRow(strings, ['Site owner', 'Émilie Tremblay'])).toBe(false);
    expect(strings.join(' ')).toMatch(/Installer: Tremblay Électrique inc\.\s+Licence: ECRA 7001234\s+Signature:/);

    const fr = (await shown(await permitPackPdf(filled(), 'fr'))).strings;
    for (const row of [
      ['Adresse du chantier', '1200 Prince of Wales Dr, Ottawa'],
      ['Propriétaire du lieu', 'Marc Gagnon'],
      ['Licence de l’installateur', 'ECRA 7001234'],
      ['Préparé par', 'Émilie Tremblay'],
    ]) {
      expect(hasRow(fr, row)).toBe(true);
    }
  });

  it('says "not given" for each site or installer field left blank, rather than leaving it out', async () => {
    const blank = projectOf(DRIVEWAY, { siteAddress: '  ' });
    const { strings } = await shown(await permitPackPdf(blank, 'en'));
    for (const label of ['Site address', 'Site owner', 'Installer', 'Installer’s licence number']) expect(hasRow(strings, [label, 'Not given'])).toBe(true);
    expect(hasRow(strings, ['Prepared by', 'Émilie Tremblay'])).toBe(true);
    const fr = (await shown(await permitPackPdf(blank, 'fr'))).strings;
    for (const label of ['Adresse du chantier', 'Propriétaire du lieu', 'Installateur', 'Licence de l’installateur']) expect(hasRow(fr, [label, 'Non précisé'])).toBe(true);
  });

  it('gives each circuit its copper conductor from its breaker, and cites the tables', async () => {
    const awg: Record<number, string> = { 20: '12 AWG', 30: '10 AWG', 40: '8 AWG', 50: '6 AWG' };
    const { strings } = await shown(await permitPackPdf(project, 'en'));
    for (const c of result.circuits) {
      expect(hasRow(strings, [c.id, String(c.breakerAmps), 'Yes', c.loadAmps.toFixed(1), (c.breakerAmps * 0.8).toFixed(1), c.watts.toLocaleString('en-CA', { maximumFractionDigits: 0 }), awg[c.breakerAmps]!])).toBe(true);
    }
    const prose = strings.join(' ');
    expect(prose).toContain('CEC Table 2 (copper, 75 °C) with Rule 14-104 / NEC Table 310.16 with 240.4(D)');
    // A breaker of every size the table gives, each with its conductor.
    const sized = { ...result, circuits: [20, 30, 40, 50].map((breakerAmps, i) => ({ ...result.circuits[0]!, id: `C${i + 1}`, breakerAmps, maxLoadAmps: breakerAmps * 0.8 })) };
    const all = (await shown(await permitPackPdf(projectOf(DRIVEWAY, { result: sized }), 'fr'))).strings;
    for (const [i, amps] of [20, 30, 40, 50].entries()) expect(hasRow(all, [`C${i + 1}`, String(amps), 'Oui'])).toBe(true);
    for (const [i, amps] of [20, 30, 40, 50].entries()) expect(all.indexOf(awg[amps]!)).toBeGreaterThan(all.indexOf(`C${i + 1}`));
    expect(all.join(' ')).toContain('CCE, tableau 2 (cuivre, 75 °C) avec l’article 14-104 / NEC, tableau 310.16 avec 240.4(D)');
  });

  it('shows each reading PASS or FAIL with its rule, and lists the units without a passing reading before and after as not yet tested', async () => {
    const base = filled();
    const [u1, u2] = base.units;
    const rule1 = readingRule(u1!, result.voltage);
    const rule2 = readingRule(u2!, result.voltage);
    const reading = (unit: string, phase: 'before' | 'after', insulationMOhm: number, continuityOhm: number, rule: typeof rule1) => ({
      id: uuid(),
      unit,
      phase,
      insulationMOhm,
      continuityOhm,
      recordedAt: '2025-11-02T15:00:00.000Z',
      recordedBy: 'Émilie Tremblay',
      ...judgeReading({ insulationMOhm, continuityOhm }, rule),
      rule,
    });
    const readings = [
      reading(u1!.unit, 'after', 500, rule1.nominalOhm, rule1),
      reading(u1!.unit, 'before', 2000, rule1.nominalOhm, rule1),
      // Insulation too low: a FAIL, and u2 not tested.
      reading(u2!.unit, 'before', 50, rule2.nominalOhm, rule2),
      reading(u2!.unit, 'after', 800, rule2.maxOhm + 1, rule2),
    ];
    expect(readings.map((r) => r.passed)).toEqual([true, true, false, false]);
    const { strings } = await shown(await permitPackPdf({ ...base, readings }, 'en'));
    const ohms = (v: number) => v.toLocaleString('en-CA', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const ruleOf = (r: typeof rule1) => `at least ${r.minInsulationMOhm} megohms; ${ohms(r.minOhm)} to ${ohms(r.maxOhm)} ohms`;
    // A row is its cells in order; the rule may wrap onto a second line of its cell.
    const prose = strings.join(' ');
    const row = (cells: string[], rule: string) => expect(prose).toContain(`${cells.join(' ')} ${rule}`);
    row([u1!.unit, u1!.sku, 'Before', '2,000.00', ohms(rule1.nominalOhm), 'PASS'], `${ruleOf(rule1)} ${u1!.unit}`);
    row([u1!.unit, u1!.sku, 'After', '500.00', ohms(rule1.nominalOhm), 'PASS'], `${ruleOf(rule1)} ${u2!.unit}`);
    row([u2!.unit, u2!.sku, 'Before', '50.00', ohms(rule2.nominalOhm), 'FAIL'], `${ruleOf(rule2)}; insulation too low`);
    row([u2!.unit, u2!.sku, 'After', '800.00', ohms(rule2.maxOhm + 1), 'FAIL'], `${ruleOf(rule2)}; resistance out of range`);
    // u1 passed before and after; u2 failed both; the others have no reading.
    expect(prose).toContain(`Not yet tested (no passing reading both before and after the pour): ${u2!.unit} – A1-M9, A2-C1 – A2-C2`);
    expect(base.units.map((u) => u.unit)).toEqual([...Array.from({ length: 9 }, (_, i) => `A1-M${i + 1}`), 'A2-C1', 'A2-C2']);
    expect(strings).toContain(`Insulation-resistance and continuity readings (2 of ${base.units.length} recorded)`);

    // Every unit passing before and after: nothing left untested.
    const all = base.units.flatMap((u) => {
      const rule = readingRule(u, result.voltage);
      return [reading(u.unit, 'before', 1000, rule.nominalOhm, rule), reading(u.unit, 'after', 1000, rule.nominalOhm, rule)];
    });
    const done = (await shown(await permitPackPdf({ ...base, readings: all }, 'fr'))).strings.join(' ');
    expect(done).toContain('Chaque natte et chaque câble a une mesure conforme avant et après la coulée.');
    expect(done).not.toContain('Pas encore essayées');
    expect(done).not.toContain('NON CONFORME');
  });

  it("prints the engine's sentences in French in the French pack: area notes, steps of the calculation, checks", async () => {
    const { strings } = await shown(await permitPackPdf(project, 'fr'));
    const prose = strings.join(' ');
    const frenchNumber = (v: number) => v.toLocaleString('fr-CA', { maximumFractionDigits: 2 }).replace(/[\u202f\u00a0]/g, ' ');
    const densities = result.checks.filter((c) => c.code === 'checkMaxDensity');
    expect(densities.length).toBe(2);
    for (const c of densities) {
      expect(prose).toContain(`${c.params.area} : ${frenchNumber(c.params.density as number)} W/m², sous la limite de 1 300 W/m²`);
      expect(prose).not.toContain(c.detail);
    }
    const step = result.explanation.find((e) => e.code === 'stepHeatBalance')!;
    expect(prose).toContain(`la densité de calcul est de ${frenchNumber(step.params.design as number)} W/m²`);
    expect(prose).not.toContain('the design density is');
    expect(prose).toContain('Espacement du câble s = ');
    expect(prose).not.toContain('Cable spacing s = ');
    expect(prose).toContain('Chaque calibre de disjoncteur nécessaire est au catalogue');
    expect(prose).not.toContain('Every breaker size needed is in the catalogue');
  });

  it("names the bill of materials' products in the pack's language, in English where a product has no French name", async () => {
    const [first, second] = result.bom;
    const named = projectOf(DRIVEWAY, { result: { ...result, bom: result.bom.map((l) => (l === first ? { ...l, nameFr: 'Tapis chauffant' } : l)) } });
    const fr = (await shown(await permitPackPdf(named, 'fr'))).strings;
    expect(fr).toContain('Tapis chauffant');
    expect(fr).not.toContain(first!.name);
    expect(fr).toContain(second!.name);
    const en = (await shown(await permitPackPdf(named, 'en'))).strings;
    expect(en).toContain(first!.name);
    expect(en).not.toContain('Tapis chauffant');
  });

  it('marks the electrical service a warning, neither passed nor failed, where the design draws more than a home service carries', async () => {
    const { weather: _typed, ...rest } = DRIVEWAY;
    // 8 × 10 m of a 400 W/m² class density at 240 V: well above the 80 A a home without a stated service is checked against.
    const large = projectOf(DesignInput.parse({ ...rest, classDensityWm2: 400, areas: [{ name: 'Driveway', widthM: 8, lengthM: 10 }] }));
    const service = large.result.checks.find((c) => c.warning);
    expect(service, 'the design warns about the service').toBeDefined();
    expect(large.result.totals.amps).toBeGreaterThan(80);
    for (const lang of ['en', 'fr'] as const) {
      const { strings } = await shown(await permitPackPdf(large, lang));
      const word = lang === 'en' ? 'Warning:' : 'Avertissement :';
      expect(strings.some((s) => s.startsWith(word))).toBe(true);
      expect(strings.some((s) => s.startsWith(lang === 'en' ? 'Passed: ' : 'Conforme') && s.includes(service!.rule))).toBe(false);
    }
  });

  it('gives the class density as the input when there is no design weather, and no heat-balance terms', async () => {
    const { weather: _typed, ...rest } = DRIVEWAY;
    const byClass = projectOf(DesignInput.parse({ ...rest, classDensityWm2: 500, snowFreeRatio: 0.5 }));
    const { strings } = await shown(await permitPackPdf(byClass, 'en'));
    for (const s of ['Method: design density of the class (no design weather)', 'Class density', '500 W/m²', 'Commercial (A_r = 0.50)', 'Design heat flux: 500.0 W/m²']) {
      expect(strings).toContain(s);
    }
    expect(strings).not.toContain('Snowfall rate');
    expect(strings.some((s) => s.startsWith('Melting (q_m)'))).toBe(false);
  });

  it('keeps every text inside the page however large the project, over as many pages as it needs', async () => {
    const long = (n: number) => `${'Very long area name '.repeat(3)}${n}`.slice(0, 60);
    const big = DesignInput.parse({
      ...DRIVEWAY,
      surface: 'pavers',
      areas: [
        { name: long(1), widthM: 30, lengthM: 18, exclusions: [{ kind: 'post', x: 29, y: 0.4, widthM: 0.3, lengthM: 0.3 }] },
        { name: long(2), widthM: 1.2, lengthM: 60 },
        { name: long(3), polygon: [[0, 0], [40, 0], [40, 1.5], [20, 12], [0, 1.5]] },
        ...Array.from({ length: 5 }, (_, i) => ({ name: long(4 + i), widthM: 1.2 + i, lengthM: 2.4 })),
      ],
    });
    const plaza = projectOf(big, { name: 'Commercial plaza and loading docks '.repeat(4).slice(0, 120), readings: [] });
    // More circuits than a page has lines: the checklist's "80% of its breaker" item runs over a page break.
    expect(plaza.result.circuits.length).toBeGreaterThan(50);
    const bytes = await permitPackPdf(plaza, 'fr');
    const boxes = await textBoxes(bytes);
    const { pageCount, strings } = await shown(bytes);
    expect(pageCount).toBeGreaterThan(4);
    expect(boxes.length).toBe(strings.length);
    const outside = boxes.filter((b) => b.left < EDGE || b.right > PAGE.width - EDGE || b.bottom < EDGE - 2 || b.top > PAGE.height - EDGE);
    expect(outside).toEqual([]);
    expect(strings).toContain('Posé dans le lit de sable sous les pavés, à au plus 100 mm (4 po) sous la surface.');
  });

  it('puts the first plan on page 1, under the cover', async () => {
    const first = (await pdfText(await permitPackPdf(project, 'en'))).pages[0]!;
    for (const s of ['Permit pack', '1. Plan', '1. Driveway', '5.60 m', '9.40 m', 'M1']) expect(first).toContain(s);
  });
});
