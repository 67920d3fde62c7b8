import type { CommissionEntryOut } from '@meltway/shared/payments/commission.schema';
import type { Language } from '@meltway/shared/common/language';
import { formats, languageTag } from '../../lib/documents/formats.js';
import { PdfWriter, type Column } from '../../lib/documents/pdf-writer.js';
import { SELLER } from '../../lib/documents/seller.js';
import { translator } from '../../lib/i18n.js';

export type StatementInput = {
  dealer: { name: string; percent: number };
  /** YYYY-MM */
  month: string;
  /** The month's entries, oldest first. */
  entries: readonly CommissionEntryOut[];
  locale: Language;
};

/** The statement's file name. */
export const statementFileName = (month: string, locale: Language) => `${translator(locale, 'payments', 'statement')('file')}-${month}.pdf`;

/** A dealer's commission statement for one month as PDF: every entry with its order and contractor, and the month's totals. */
export async function statementPdf(s: StatementInput, now: Date): Promise<Uint8Array> {
  const t = translator(s.locale, 'payments', 'statement');
  const f = formats(s.locale);
  const [y, m] = s.month.split('-').map(Number) as [number, number];
  const monthName = new Intl.DateTimeFormat(languageTag(s.locale), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, 15)));
  const pdf = await PdfWriter.create({ title: `${t('title')} ${s.month}`, at: now, language: languageTag(s.locale) });

  pdf.line('Meltway', { size: 22, bold: true });
  pdf.down(2);
  pdf.put(t('title'), { x: pdf.left + pdf.width / 2, width: pdf.width / 2, align: 'right', size: 14, bold: true });
  for (const l of [SELLER.name, ...SELLER.address]) pdf.line(l, { muted: true, size: 9 });
  pdf.down(10);
  const facts: [string, string][] = [
    [t('dealer'), s.dealer.name],
    [t('month'), monthName],
    [t('percent'), f.percent(s.dealer.percent)],
    [t('issued'), f.date(now)],
  ];
  for (const [label, value] of facts) pdf.line(`${label}${f.colon}${value}`);
  pdf.down(12);

  if (s.entries.length === 0) {
    pdf.line(t('none'), { muted: true });
  } else {
    const columns: Column[] = [
      { label: t('date'), width: 70 },
      { label: t('order'), width: 88 },
      { label: t('contractor'), width: pdf.width - 70 - 88 - 78 - 70 - 40 - 66 },
      { label: t('kind'), width: 78 },
      { label: t('base'), width: 70, align: 'right' },
      { label: t('rate'), width: 40, align: 'right' },
      { label: t('amount'), width: 66, align: 'right' },
    ];
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric', month: '2-digit', day: '2-digit' });
    pdf.table(
      columns,
      s.entries.map((e) => [day.format(new Date(e.created_at)), e.orderNumber, e.contractorName, t(e.kind), f.money(e.baseCents), f.percent(e.percent), f.money(e.amountCents)]),
    );
  }

  const earned = s.entries.filter((e) => e.kind === 'accrual').reduce((sum, e) => sum + e.amountCents, 0);
  const reversed = s.entries.filter((e) => e.kind === 'reversal').reduce((sum, e) => sum + e.amountCents, 0);
  pdf.need(16 * 3);
  pdf.amountLine(t('earned'), f.money(earned));
  pdf.amountLine(t('reversed'), f.money(reversed));
  pdf.amountLine(t('net'), f.money(earned + reversed), { bold: true, size: 11 });
  pdf.down(12);
  for (const l of pdf.wrap(t('basis'), pdf.width, 8)) pdf.line(l, { size: 8, muted: true });

  return pdf.finish((page, of) => t('page', { page, of }));
}
