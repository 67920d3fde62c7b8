import { useTranslation } from 'react-i18next';
import { CONDUCTOR_SOURCE, conductorFor } from '@meltway/shared/design/conductors';
import type { Circuit } from '@meltway/shared/design/design.schema';
import { Badge } from '@/components/ui/badge';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatNumber } from '@/lib/format-number';
import { ResultSection, ResultTable, RowHeader } from './result-section';

/** The products of a circuit, one line per product and area with its count. */
function productLines(circuit: Circuit) {
  const lines = new Map<string, { sku: string; area: string; count: number }>();
  for (const product of circuit.products) {
    const key = `${product.sku}\u0000${product.area}`;
    const line = lines.get(key);
    if (line) line.count += 1;
    else lines.set(key, { sku: product.sku, area: product.area, count: 1 });
  }
  return [...lines.values()];
}

/**
 * The circuit schedule: each circuit's breaker, its ground-fault protection, its load against 80% of the breaker, its
 * copper conductor from the breaker, and what it feeds.
 */
export function CircuitTable({ circuits, voltage }: { circuits: Circuit[]; voltage: number }) {
  const { t, i18n } = useTranslation('design');
  const n = (value: number, digits = 1) => formatNumber(value, i18n.language, digits);
  const conductorText = (breakerAmps: number) => {
    const conductor = conductorFor(breakerAmps);
    return conductor ? t('result.circuits.conductorValue', { awg: conductor.awg }) : t('result.circuits.conductorUnknown');
  };
  return (
    <ResultSection
      title={t('result.circuits.title')}
      description={`${t('result.circuits.description', { voltage })} ${t('result.circuits.conductorNote', { source: CONDUCTOR_SOURCE })}`}
    >
      <ResultTable label={t('result.circuits.title')}>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">{t('result.circuits.circuit')}</TableHead>
            <TableHead scope="col">{t('result.circuits.breaker')}</TableHead>
            <TableHead scope="col">{t('result.circuits.gfep')}</TableHead>
            <TableHead scope="col" className="text-right">{t('result.circuits.load')}</TableHead>
            <TableHead scope="col" className="text-right">{t('result.circuits.watts')}</TableHead>
            <TableHead scope="col">{t('result.circuits.conductor')}</TableHead>
            <TableHead scope="col">{t('result.circuits.products')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {circuits.map((circuit) => (
            <TableRow key={circuit.id}>
              <RowHeader>{circuit.id}</RowHeader>
              <TableCell>
                {/* The breaker on one line, its contactor under it where the column is narrow. */}
                <span className="whitespace-nowrap">{t('result.circuits.breakerValue', { amps: circuit.breakerAmps, voltage: circuit.voltage })}</span>
                {circuit.contactor ? (
                  <Badge variant="warning" className="ml-2">
                    {t('result.circuits.contactor')}
                  </Badge>
                ) : null}
              </TableCell>
              <TableCell className="whitespace-nowrap">{circuit.gfep ? t('result.circuits.gfepValue') : '—'}</TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums">
                {n(circuit.loadAmps)} / {n(circuit.maxLoadAmps)} A
              </TableCell>
              <TableCell className="text-right tabular-nums">{n(circuit.watts, 0)}</TableCell>
              <TableCell>{conductorText(circuit.breakerAmps)}</TableCell>
              <TableCell>
                <ul className="grid gap-0.5">
                  {productLines(circuit).map((line) => (
                    <li key={`${line.sku}-${line.area}`} className="min-w-32">
                      {t('result.circuits.productLine', { count: line.count, sku: line.sku, area: line.area })}
                    </li>
                  ))}
                </ul>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </ResultTable>
    </ResultSection>
  );
}
