import type { Check } from '@meltway/shared/design/design.schema';
import type { DesignProject } from '@meltway/shared/design/project.schema';
import type { Canvas, PdfWriter } from '../../../lib/documents/pdf-writer.js';
import { EMBER, INK, spelled, type PackPage } from './page.js';
import { unitRanges } from './units.js';

type Surface = NonNullable<DesignProject['input']['surface']>;

/** "5. CEC Section 62 / NEC Article 426 checklist": the design's checks, the installer's, and the readings so far. */
export function checklistSection(page: PackPage, project: DesignProject) {
  page.heading(page.t('checklist'));
  designChecks(page, project);
  installerChecks(page, project);
  if (project.units.length) readings(page, project);
  signature(page, project);
}

/** One item per rule, with a line for each area or circuit it was checked on: a long schedule stays readable. */
function designChecks({ pdf, t, f, sentence, subheading }: PackPage, project: DesignProject) {
  subheading(t('designChecks'));
  const byRule = new Map<string, Check[]>();
  for (const c of project.result.checks) byRule.set(c.ruleCode ?? c.rule, [...(byRule.get(c.ruleCode ?? c.rule) ?? []), c]);
  for (const checks of byRule.values()) {
    const passed = checks.every((c) => c.passed);
    const mixed = !passed && checks.some((c) => c.passed);
    // A warning (the electrical service) passes no rule and fails none: it is something to act on.
    const warned = passed && checks.some((c) => c.warning);
    const { rule, ruleCode } = checks[0]!;
    checkItem(pdf, {
      mark: warned ? 'warn' : passed ? 'pass' : 'fail',
      title: `${warned ? t('warning') : passed ? t('passed') : t('failed')}${f.colon}${spelled(ruleCode ? sentence({ code: ruleCode, params: {}, text: rule }) : rule)}`,
      texts: checks.map((c) => {
        const detail = sentence({ code: c.code, params: c.params, text: c.detail });
        return spelled(mixed && !c.passed ? `${t('failed')}${f.colon}${detail}` : detail);
      }),
      reference: `${t('reference')}${f.colon}${checks[0]!.reference}`,
    });
  }
}

/** What the installer ticks on site, each with its code reference. */
function installerChecks({ pdf, t, f, subheading }: PackPage, project: DesignProject) {
  const { result, input } = project;
  subheading(t('installerChecks'));
  const surface: Surface | 'unknown' = input.surface ?? 'unknown';
  const installer: [string, string][] = [
    [t('items.dedicated'), `${t('cec')} 62-110`],
    [t('items.gfep'), `${t('cec')} 62-116 / NEC 426.28`],
    [t('items.continuous'), `${t('cec')} 8-104 / NEC 426.4`],
    [t('items.sign', { count: result.areas.length }), 'NEC 426.13'],
    [t('items.testsBefore'), t('instructions')],
    [t('items.testsAfter'), t('instructions')],
    [t('items.joints'), 'NEC 426.20(E)'],
    [t(`items.depth.${surface}`), `NEC 426.20(C); ${t('instructions')}`],
  ];
  for (const [text, reference] of installer) checkItem(pdf, { mark: 'empty', texts: [text], reference: `${t('reference')}${f.colon}${reference}` });
}

/** The insulation-resistance and continuity readings recorded so far, each judged by its rule, then the units still to test. */
function readings({ pdf, t, number, subheading, paragraph, columns }: PackPage, project: DesignProject) {
  const recorded = new Set(project.readings.map((r) => r.unit));
  subheading(t('readings', { recorded: project.units.filter((u) => recorded.has(u.unit)).length, of: project.units.length }));
  paragraph(t('readingsRule'), { size: 8, muted: true });
  const sku = new Map(project.units.map((u) => [u.unit, u.sku]));
  const order = new Map(project.units.map((u, i) => [u.unit, i]));
  const readings = [...project.readings].sort((a, b) => (order.get(a.unit) ?? Infinity) - (order.get(b.unit) ?? Infinity) || (a.phase === b.phase ? 0 : a.phase === 'before' ? -1 : 1));
  if (readings.length) {
    pdf.down(4);
    pdf.table(
      columns([
        { label: t('unit'), min: 50 },
        { label: t('sku'), min: 80 },
        { label: t('phase') },
        { label: t('insulation'), align: 'right' },
        { label: t('continuity'), align: 'right', min: 40 },
        { label: t('result'), min: 70 },
        { label: t('rule'), flex: 1 },
      ]),
      readings.map((r) => [
        r.unit,
        sku.get(r.unit) ?? '',
        r.phase === 'before' ? t('before') : t('after'),
        number(r.insulationMOhm, 2),
        number(r.continuityOhm, 2),
        r.passed ? t('pass') : t('fail'),
        [
          t('ruleText', { min: number(r.rule.minInsulationMOhm), low: number(r.rule.minOhm, 2), high: number(r.rule.maxOhm, 2) }),
          ...(r.insulationPassed ? [] : [t('failedPart.insulation')]),
          ...(r.continuityPassed ? [] : [t('failedPart.continuity')]),
        ].join('; '),
      ]),
    );
  }
  // A unit counts as tested once it has a passing reading before the pour and another after it.
  const passed = new Set(project.readings.filter((r) => r.passed).map((r) => `${r.unit}|${r.phase}`));
  const untested = project.units.filter((u) => !passed.has(`${u.unit}|before`) || !passed.has(`${u.unit}|after`)).map((u) => u.unit);
  pdf.down(4);
  paragraph(untested.length ? t('notTested', { units: unitRanges(untested).join(', ') }) : t('allTested'), { size: 9 });
}

/** The installer's signature line, with its company and licence where the project has them. */
function signature({ pdf, t }: PackPage, project: DesignProject) {
  pdf.down(16);
  const line = t('signature', { company: project.installerCompany.trim() || '____________________', licence: project.installerLicence.trim() || '______________' });
  for (const l of pdf.wrap(line, pdf.width, 9)) pdf.line(l, { size: 9 });
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
