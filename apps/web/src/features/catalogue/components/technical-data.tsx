import { useTranslation } from 'react-i18next';
import type { ProductOut } from '@meltway/shared/catalogue/product.schema';
import { formatNumber } from '@/lib/format-number';

type Row = { key: string; value: number | null; unit: string; digits?: number };

/** The technical data a system designer needs, with units, in the reader's number format. */
export function TechnicalData({ product }: { product: ProductOut }) {
  const { t, i18n } = useTranslation('catalogue');
  const number = (value: number, digits = 2) => formatNumber(value, i18n.language, digits);
  const rows: Row[] = [
    { key: 'voltage', value: product.voltage, unit: 'V', digits: 0 },
    { key: 'watts', value: product.watts, unit: 'W', digits: 0 },
    { key: 'wattDensity', value: product.wattDensity, unit: 'W/m²', digits: 0 },
    { key: 'length', value: product.lengthM, unit: 'm' },
    { key: 'width', value: product.widthM, unit: 'm' },
    { key: 'heatedArea', value: product.heatedAreaM2, unit: 'm²' },
    { key: 'current', value: product.currentA, unit: 'A', digits: 1 },
    { key: 'minInsulation', value: product.minInsulationMOhm, unit: 'MΩ', digits: 0 },
  ];
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{t('product.technicalData')}</caption>
      <tbody className="divide-y">
        <tr>
          <th scope="row" className="py-2 pr-4 text-left font-medium text-muted-foreground">
            {t('tech.kind')}
          </th>
          <td className="py-2 text-right font-medium">{t(`kinds.${product.kind}`)}</td>
        </tr>
        <tr>
          <th scope="row" className="py-2 pr-4 text-left font-medium text-muted-foreground">
            {t('tech.sku')}
          </th>
          <td className="py-2 text-right font-mono text-xs">{product.sku}</td>
        </tr>
        {product.voltages.length > 0 && (
          <tr>
            <th scope="row" className="py-2 pr-4 text-left font-medium text-muted-foreground">
              {t('tech.voltages')}
            </th>
            <td className="py-2 text-right font-medium tabular-nums">{product.voltages.map((v) => number(v, 0)).join(' / ')} V</td>
          </tr>
        )}
        {rows
          .filter((row) => row.value !== null)
          .map((row) => (
            <tr key={row.key}>
              <th scope="row" className="py-2 pr-4 text-left font-medium text-muted-foreground">
                {t(`tech.${row.key}`)}
              </th>
              <td className="py-2 text-right font-medium tabular-nums">
                {number(row.value as number, row.digits)} {row.unit}
              </td>
            </tr>
          ))}
      </tbody>
    </table>
  );
}
