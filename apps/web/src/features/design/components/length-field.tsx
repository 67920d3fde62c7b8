import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, fieldAria } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { fromUnit, toUnit, type LengthUnit } from './units';

type Props = {
  id: string;
  label: string;
  /** Metres; NaN when empty. */
  value: number;
  onChange: (metres: number) => void;
  unit: LengthUnit;
  error?: string;
  className?: string;
  /** The label is read by screen readers only: a row of a list whose columns are headed. */
  labelHidden?: boolean;
};

const parse = (text: string, unit: LengthUnit) => (text.trim() === '' ? NaN : fromUnit(Number(text.trim().replace(',', '.')), unit));
const shown = (metres: number, unit: LengthUnit) => (Number.isFinite(metres) ? String(Math.round(toUnit(metres, unit) * 1000) / 1000) : '');

/**
 * A length typed in the unit shown and kept in metres. What is typed stays as typed ("2." on the way to
 * "2.5"); a change from elsewhere (the grid, the unit switch) replaces it.
 */
export function LengthField({ id, label, value, onChange, unit, error, className, labelHidden }: Props) {
  const { t } = useTranslation('design');
  const [text, setText] = useState(() => shown(value, unit));
  const [seen, setSeen] = useState({ value, unit });
  if (!Object.is(seen.value, value) || seen.unit !== unit) {
    setSeen({ value, unit });
    if (seen.unit !== unit || !Object.is(parse(text, unit), value)) setText(shown(value, unit));
  }
  const input = (
    <Input
      {...fieldAria(id, error)}
      aria-label={labelHidden ? `${label} (${t(`units.${unit}`)})` : undefined}
      inputMode="decimal"
      autoComplete="off"
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(parse(event.target.value, unit));
      }}
    />
  );
  if (labelHidden) return <div className={className}>{input}</div>;
  return (
    <Field id={id} label={`${label} (${t(`units.${unit}`)})`} error={error} className={className}>
      {input}
    </Field>
  );
}
