import type { CommissionEntryOut } from '@meltway/shared/payments/commission.schema';
import type { Language } from '@meltway/shared/common/language';
import { formats, languageTag } from '../../lib/documents/formats.js';
import { PdfWriter, type Column } from '../../lib/documents/pdf-writer.js';
import { SELLER } from '../../lib/documents/seller.js';

const WORDS = {
  en: {
    title: 'Commission statement',
    file: 'commission-statement',
    dealer: 'Dealer',
    month: 'Month',
    percent: 'Commission rate today',
    issued: 'Issued',
    date: 'Date',
    order: 'Order',
    contractor: 'Contractor',
    kind: 'Entry',
    base: 'Base',
    rate: 'Rate',
    amount: 'Commission',
    accrual: 'Earned',
    reversal: 'Refund reversal',
    none: 'No commission entries this month.',
    earned: 'Earned',
    reversed: 'Reversed for refunds',
    net: 'Net commission for the month',
    basis: 'Commission is earned on contractors’ orders once paid or placed on account, on the goods after discount (no tax, no shipping), at the rate of the order’s date; refunds reverse it in proportion.',
    page: (n: number, of: number) => `Page ${n} of ${of}`,
  },
  fr: {
    title: 'Relevé de commissions',
    file: 'releve-commissions',
    dealer: 'Concessionnaire',
    month: 'Mois',
    percent: 'Taux de commission actuel',
    issued: 'Émis le',
    date: 'Date',
    order: 'Commande',
    contractor: 'Entrepreneur',
    kind: 'Écriture',
    base: 'Base',
    rate: 'Taux',
    amount: 'Commission',
    accrual: 'Gagnée',
    reversal: 'Contrepassation (remboursement)',
    none: 'Aucune écriture de commission ce mois-ci.',
    earned: 'Gagnée',
    reversed: 'Contrepassée pour remboursements',
    net: 'Commission nette du mois',
    basis: 'La commission est gagnée sur les commandes des entrepreneurs une fois payées ou portées au compte, sur les marchandises après rabais (sans taxes ni livraison), au taux en vigueur à la date de la commande; les remboursements la contrepassent en proportion.',
    page: (n: number, of: number) => `Page ${n} sur ${of}`,
  },
} as const;

export type StatementInput = {
  dealer: { name: string; percent: number };
  /** YYYY-MM */
  month: string;
  /** The month's entries, oldest first. */
  entries: readonly CommissionEntryOut[];
  locale: Language;
};

/** The statement's file name. */
export const statementFileName = (month: string, locale: Language) => `${WORDS[locale].file}-${month}.pdf`;

/** A dealer's commission statement for one month as PDF: every entry with its order and contractor, and the month's totals. */
export async function statementPdf(s: StatementInput, now: Date): Promise<Uint8Array> {
  const w = WORDS[s.locale];
  const f = formats(s.locale);
  const [y, m] = s.month.split('-').map(Number) as [number, number];
  const monthName = new Intl.DateTimeFormat(languageTag(s.locale), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, 15)));
  const pdf = await PdfWriter.create({ title: `${w.title} ${s.month}`, at: now, language: languageTag(s.locale) });

  pdf.line('Meltway', { size: 22, bold: true });
  pdf.down(2);
  pdf.put(w.title, { x: pdf.left + pdf.width / 2, width: pdf.width / 2, align: 'right', size: 14, bold: true });
  for (const l of [SELLER.name, ...SELLER.address]) pdf.line(l, { muted: true, size: 9 });
  pdf.down(10);
  const facts: [string, string][] = [
    [w.dealer, s.dealer.name],
    [w.month, monthName],
    [w.percent, f.percent(s.dealer.percent)],
    [w.issued, f.date(now)],
  ];
  for (const [label, value] of facts) pdf.line(`${label}${f.colon}${value}`);
  pdf.down(12);

  if (s.entries.length === 0) {
    pdf.line(w.none, { muted: true });
  } else {
    const columns: Column[] = [
      { label: w.date, width: 70 },
      { label: w.order, width: 88 },
      { label: w.contractor, width: pdf.width - 70 - 88 - 78 - 70 - 40 - 66 },
      { label: w.kind, width: 78 },
      { label: w.base, width: 70, align: 'right' },
      { label: w.rate, width: 40, align: 'right' },
      { label: w.amount, width: 66, align: 'right' },
    ];
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric', month: '2-digit', day: '2-digit' });
    pdf.table(
      columns,
      s.entries.map((e) => [day.format(new Date(e.created_at)), e.orderNumber, e.contractorName, w[e.kind], f.money(e.baseCents), f.percent(e.percent), f.money(e.amountCents)]),
    );
  }

  const earned = s.entries.filter((e) => e.kind === 'accrual').reduce((sum, e) => sum + e.amountCents, 0);
  const reversed = s.entries.filter((e) => e.kind === 'reversal').reduce((sum, e) => sum + e.amountCents, 0);
  pdf.need(16 * 3);
  pdf.amountLine(w.earned, f.money(earned));
  pdf.amountLine(w.reversed, f.money(reversed));
  pdf.amountLine(w.net, f.money(earned + reversed), { bold: true, size: 11 });
  pdf.down(12);
  for (const l of pdf.wrap(w.basis, pdf.width, 8)) pdf.line(l, { size: 8, muted: true });

  return pdf.finish(w.page);
}
