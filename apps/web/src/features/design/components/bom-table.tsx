import { useTranslation } from 'react-i18next';
import type { BomLine } from '@meltway/shared/design/design.schema';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatPrice } from '@/lib/format';
import { localized } from '@/lib/localized';
import { ResultSection, ResultTable, RowHeader } from './result-section';

/** The bill of materials at the catalogue's prices, with its total before tax; a line short of stock says so. */
export function BomTable({ bom, totalCents }: { bom: BomLine[]; totalCents: number }) {
  const { t, i18n } = useTranslation('design');
  const price = (cents: number) => formatPrice(cents, i18n.language);
  return (
    <ResultSection title={t('result.bom.title')} description={t('result.bom.beforeTax')}>
      <ResultTable label={t('result.bom.title')}>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">{t('result.bom.product')}</TableHead>
            <TableHead scope="col" className="hidden sm:table-cell">
              {t('result.bom.role')}
            </TableHead>
            <TableHead scope="col" className="text-right">{t('result.bom.quantity')}</TableHead>
            <TableHead scope="col" className="hidden text-right sm:table-cell">
              {t('result.bom.unitPrice')}
            </TableHead>
            <TableHead scope="col" className="text-right">{t('result.bom.lineTotal')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {bom.map((line) => (
            <TableRow key={line.productId}>
              <RowHeader className="min-w-36">
                <span className="block font-medium" lang={i18n.language === 'fr' && !line.nameFr ? 'en' : undefined}>
                  {localized(line.name, line.nameFr, i18n.language === 'fr' ? 'fr' : 'en')}
                </span>
                <span className="block text-xs font-normal text-muted-foreground">{line.sku}</span>
                {line.stock < line.quantity ? (
                  <span className="block text-xs font-normal text-ember">{t('result.bom.shortStock', { count: line.stock })}</span>
                ) : null}
              </RowHeader>
              <TableCell className="hidden whitespace-nowrap sm:table-cell">{t(`result.bom.roles.${line.role}`)}</TableCell>
              <TableCell className="text-right tabular-nums">{line.quantity}</TableCell>
              <TableCell className="hidden text-right whitespace-nowrap tabular-nums sm:table-cell">{price(line.unitPriceCents)}</TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums">{price(line.lineTotalCents)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
        <tfoot>
          <TableRow className="border-t font-semibold hover:bg-transparent">
            <RowHeader>{t('result.bom.total')}</RowHeader>
            {/* Empty cells keep the total under its column when a narrow screen hides the use and the unit price. */}
            <TableCell className="hidden sm:table-cell" />
            <TableCell />
            <TableCell className="hidden sm:table-cell" />
            <TableCell className="text-right whitespace-nowrap tabular-nums">{price(totalCents)}</TableCell>
          </TableRow>
        </tfoot>
      </ResultTable>
    </ResultSection>
  );
}
