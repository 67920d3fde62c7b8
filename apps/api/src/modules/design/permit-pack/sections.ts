import { classOfRatio, findCity } from '@meltway/shared/design/cities';
import { conductorFor } from '@meltway/shared/design/conductors';
import type { DesignProject } from '@meltway/shared/design/project.schema';
import { localizedText } from '@meltway/shared/common/localized';
import { HEADING_HEIGHT, SUBHEADING_HEIGHT, type PackPage } from './page.js';
import { planFigure } from './plan-figure.js';
import { areaUnits, unitRanges } from './units.js';

/** The cover: the project, the site and its installer, who prepared it, and the design's main figures. */
export function coverSection({ pdf, t, f, number, fact, factPair, lang }: PackPage, project: DesignProject) {
  const { result, input } = project;
  pdf.line('Meltway', { size: 10, muted: true });
  pdf.down(2);
  pdf.line(t('title'), { size: 22, bold: true });
  for (const l of pdf.wrap(project.name, pdf.width, 16, true)) pdf.line(l, { size: 16, bold: true });
  pdf.line(t('subtitle'), { muted: true });
  pdf.down(6);
  const snowClass = classOfRatio(result.heatFlux.snowFreeRatio);
  const city = input.city ? findCity(input.city) : undefined;
  const province = input.province ?? result.runningCost.province;
  /** A field of the project's as typed, or "not given": a blank is said, never left out. */
  const given = (v: string) => v.trim() || t('notGiven');
  const controller = result.bom.find((b) => b.role === 'controller');
  fact(t('siteAddress'), given(project.siteAddress));
  fact(t('siteOwner'), given(project.siteOwner));
  fact(t('installerCompany'), given(project.installerCompany));
  fact(t('installerLicence'), given(project.installerLicence));
  // The account that made the project: the installer's contact, never taken for the site's owner.
  fact(t('preparedBy'), project.ownerName);
  factPair([t('city'), city ? `${city.name}, ${city.province}` : (input.city ?? t('notGiven'))], [t('province'), province ?? t('notGiven')]);
  factPair([t('date'), f.date(project.updatedAt)], [t('surface'), input.surface ? t(`surfaces.${input.surface}`) : t('notGiven')]);
  factPair(
    [t('voltage'), `${result.voltage} V`],
    [t('control'), input.control ? t(`controls.${input.control}`) : controller ? localizedText(controller.name, controller.nameFr, lang) : t('notGiven')],
  );
  factPair([t('snowClass'), `${t(`classes.${snowClass}`)} (A_r = ${number(result.heatFlux.snowFreeRatio, 2)})`], [t('load'), `${number(result.totals.watts)} W, ${number(result.totals.amps, 1)} A`]);
  fact(t('areas'), `${result.areas.map((a) => a.name).join(', ')} (${number(result.totals.areaM2, 1)} m²)`);
}

/** "1. Plan": every area to scale, its figures and notes, and its mats or reels with their units' names. */
export function planSection(page: PackPage, project: DesignProject) {
  const { pdf, t, f, number, sentence, heading, subheading, paragraph, columns } = page;
  const { result } = project;
  const plans = result.areas.map((area, i) => planFigure(page, area, i));
  // A heading never ends a page: the section's title, the area's name and its plan go on one page together.
  pdf.need(HEADING_HEIGHT + SUBHEADING_HEIGHT + (plans[0]?.height ?? 0));
  heading(t('plan'));
  result.areas.forEach((area, i) => {
    pdf.need(SUBHEADING_HEIGHT + plans[i]!.height);
    subheading(`${i + 1}. ${area.name}`);
    plans[i]!.draw();
    paragraph(
      [
        t('areaLine', {
          area: number(area.areaM2, 1),
          heated: number(area.heatedAreaM2, 1),
          pct: f.percent(Math.round(area.coveragePct * 10) / 10),
          density: number(area.densityWm2),
          watts: number(area.watts),
          amps: number(area.amps, 1),
        }),
        area.mats.length ? t('mats', { count: area.mats.length }) : '',
        area.cable ? t('cableLine', { length: number(area.cable.lengthM, 1), spacing: number(area.cable.spacingMm) }) : '',
      ]
        .filter(Boolean)
        .join(' · '),
    );
    for (const note of area.notes) paragraph(sentence(note), { muted: true });
    pdf.down(4);
    pdf.table(
      columns([
        { label: t('sku'), min: 110 },
        { label: t('size'), align: 'right', min: 90 },
        { label: t('qty'), align: 'right', min: 40 },
        { label: '', min: 12 },
        { label: t('units'), flex: 1 },
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
  pdf.line(t('legend'), { size: 8, muted: true });
}

/** "2. Heat-flux calculation": the method, its inputs, each term with its formula and source, and the steps. */
export function heatFluxSection({ pdf, t, f, number, sentence, heading, subheading, paragraph, fact }: PackPage, project: DesignProject) {
  const { result, input } = project;
  const city = input.city ? findCity(input.city) : undefined;
  heading(t('heat'));
  const hf = result.heatFlux;
  paragraph(t(`method.${hf.method}`), { size: 10 });
  subheading(t('inputs'));
  if (hf.weather) {
    fact(t('weatherFrom'), input.weather || !city ? t('typedWeather') : `${city.name}, ${city.province}${city.weatherSource ? ` (${city.weatherSource})` : ''}`);
    fact(t('snowfall'), `${number(hf.weather.snowfallMmPerHour, 2)} ${t('snowfallUnit')}`);
    fact(t('airTemp'), `${number(hf.weather.airTempC, 1)} °C`);
    fact(t('wind'), `${number(hf.weather.windMs, 1)} m/s`);
    fact(t('humidity'), f.percent(hf.weather.humidityPct));
  } else {
    fact(t('classDensity'), `${number(input.classDensityWm2 ?? hf.designWm2)} W/m²`);
  }
  fact(t('snowFreeRatio'), number(hf.snowFreeRatio, 2));
  fact(t('backLoss'), f.percent(hf.backLossPct));
  subheading(t('termsTitle'));
  // The class method computes no term but the design density: the others would only say so.
  for (const term of hf.terms.filter((x) => hf.method === 'heat-balance' || x.key === 'design')) {
    pdf.need(44);
    pdf.down(3);
    for (const l of pdf.wrap(`${t(`terms.${term.key}`)}${f.colon}${number(term.valueWm2, 1)} W/m²`, pdf.width, 10, true)) pdf.line(l, { bold: true });
    paragraph(term.formula);
    paragraph(`${t('source')}${f.colon}${term.source}`, { size: 8, muted: true });
  }
  if (result.explanation.length) {
    subheading(t('steps'));
    result.explanation.forEach((e, i) => paragraph(`${i + 1}. ${sentence(e)}`));
  }
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

/** "3. Circuit schedule": each circuit's breaker, load, conductor and products, and the total load. */
export function circuitSection({ pdf, t, number, heading, paragraph, columns }: PackPage, project: DesignProject) {
  const { result } = project;
  const conductorOf = (breakerAmps: number) => {
    const conductor = conductorFor(breakerAmps);
    return conductor ? t('awg', { awg: conductor.awg }) : t('conductorUnknown');
  };
  heading(t('circuits'));
  paragraph(t('circuitsIntro', { voltage: String(result.voltage) }));
  pdf.down(4);
  pdf.table(
    columns([
      { label: t('circuit'), min: 44 },
      { label: t('breaker'), align: 'right' },
      { label: t('gfep'), align: 'right' },
      { label: t('loadA'), align: 'right' },
      { label: t('max'), align: 'right' },
      { label: t('watts'), align: 'right', min: 44 },
      { label: t('conductor'), align: 'right' },
      { label: '', min: 10 },
      { label: t('products'), flex: 1 },
    ]),
    result.circuits.map((c) => [
      c.id,
      number(c.breakerAmps),
      t('yes'),
      number(c.loadAmps, 1),
      number(c.maxLoadAmps, 1),
      number(c.watts),
      conductorOf(c.breakerAmps),
      '',
      `${[...groupProducts(c.products)].map(([key, n]) => `${n} × ${key}`).join('; ')}${c.contactor ? `; ${t('contactor')}` : ''}`,
    ]),
  );
  paragraph(t('totalLoad', { watts: number(result.totals.watts), amps: number(result.totals.amps, 1) }), { size: 10 });
  paragraph(t('conductorNote', { source: t('conductorSource') }), { size: 8, muted: true });
}

/** "4. Bill of materials": every product with its price, and the total before tax. */
export function billSection({ pdf, t, f, heading, paragraph, lang }: PackPage, project: DesignProject) {
  const { result } = project;
  heading(t('bom'));
  pdf.table(
    [
      { label: t('sku'), width: 96 },
      { label: t('name'), width: 196 },
      { label: t('qty'), width: 40, align: 'right' },
      { label: t('unitPrice'), width: 85, align: 'right' },
      { label: t('lineTotal'), width: 95, align: 'right' },
    ],
    result.bom.map((b) => [b.sku, localizedText(b.name, b.nameFr, lang), String(b.quantity), f.money(b.unitPriceCents), f.money(b.lineTotalCents)]),
  );
  pdf.amountLine(t('total'), f.money(result.totals.priceCents), { bold: true });
  paragraph(t('taxNote'), { muted: true, size: 8 });
}
