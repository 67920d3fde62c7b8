import { rgb } from 'pdf-lib';
import type { Explained } from '@meltway/shared/design/design.schema';
import { engineSentence } from '@meltway/shared/design/engine-texts';
import type { DesignProject } from '@meltway/shared/design/project.schema';
import type { Language } from '@meltway/shared/common/language';
import { formats, languageTag } from '../../../lib/documents/formats.js';
import { PdfWriter, type Column } from '../../../lib/documents/pdf-writer.js';
import { translator } from '../../../lib/i18n.js';

export const INK = rgb(0.09, 0.13, 0.2);
export const MUTED = rgb(0.38, 0.43, 0.5);
export const EMBER = rgb(0.91, 0.42, 0.13);

/** What a section's title and an area's name take on the page, in points. */
export const HEADING_HEIGHT = 35;
export const SUBHEADING_HEIGHT = 22;

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
export function spelled(s: string): string {
  let out = '';
  let greek = false;
  for (const ch of s) {
    const name = GREEK[ch];
    out += name ? `${greek ? '·' : ''}${name}` : (SYMBOLS[ch] ?? ch);
    greek = name !== undefined;
  }
  return out;
}

/** The pack under way: its writer, its words and formats in the pack's language, and the blocks its sections are made of. */
export type PackPage = Awaited<ReturnType<typeof packPage>>;

/** A new permit pack of `project` in `lang`, one empty page, with the writing helpers its sections share. */
export async function packPage(project: DesignProject, lang: Language) {
  const t = translator(lang, 'design', 'permitPack');
  const f = formats(lang);
  const number = (v: number, digits = 0) => new Intl.NumberFormat(languageTag(lang), { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(v);
  const engineNumber = new Intl.NumberFormat(languageTag(lang), { maximumFractionDigits: 2 });
  /** One of the engine's sentences: its English `text`, or the shared French filled with French numbers and money. */
  const sentence = (s: Pick<Explained, 'code' | 'params' | 'text'>) =>
    lang === 'en' ? s.text : engineSentence(s, lang, { number: (v) => engineNumber.format(v), money: f.money });
  const pdf = await PdfWriter.create({ title: `${t('title')}: ${project.name}`, at: new Date(project.updatedAt), language: languageTag(lang) });

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

  return { pdf, lang, t, f, number, sentence, heading, subheading, paragraph, fact, factPair, columns };
}
