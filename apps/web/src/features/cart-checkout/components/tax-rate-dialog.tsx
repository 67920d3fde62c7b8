import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PROVINCES } from '@meltway/shared/cart-checkout/regions';
import { TAXES_OF } from '@meltway/shared/cart-checkout/tax';
import { z } from 'zod';
import { TaxRateFields, taxLevied, type TaxRateOut } from '@meltway/shared/cart-checkout/tax-rate.schema';
import { FormActions } from '@/components/admin/form-actions';
import { FormDialog } from '@/components/admin/form-dialog';
import { TextField } from '@/components/form/text-field';
import { Field, fieldAria } from '@/components/ui/field';
import { inputClasses } from '@/components/ui/input';
import { useFieldText } from '@/lib/field-text';
import { localeTag } from '@/lib/i18n';
import { saveAndClose, useSchemaForm } from '@/lib/use-schema-form';
import { useAddTaxRate } from '../api/tax-rates';
import { easternToday, formatDay, nextDay } from './tax-days';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; rates: readonly TaxRateOut[] };

const FIELDS = ['province', 'code', 'rate', 'effectiveFrom', 'appliesToShipping'] as const;

/** The shared input, with a French decimal comma read as a point ("9,975"). */
const TaxRateForm = TaxRateFields.extend({
  rate: z.preprocess((v) => (typeof v === 'string' ? v.trim().replace(',', '.') : v), TaxRateFields.shape.rate),
}).superRefine(taxLevied);

/** Schedules a rate change from a day after today; the rate in force then ends that day. */
export function TaxRateDialog({ open, onOpenChange, rates }: Props) {
  const { t } = useTranslation('commerce');
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={t('taxRates.newTitle')} description={t('taxRates.formDescription')}>
      {(done) => <TaxRateEditor rates={rates} onDone={done} />}
    </FormDialog>
  );
}

function TaxRateEditor({ rates, onDone }: { rates: readonly TaxRateOut[]; onDone: () => void }) {
  const { t, i18n } = useTranslation(['commerce', 'dashboard']);
  const message = useFieldText();
  const uid = useId();
  const add = useAddTaxRate();
  const tomorrow = nextDay(easternToday());
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    getFieldState,
    formState: { errors },
  } = useSchemaForm(TaxRateForm, { province: 'ON', code: 'HST', rate: '', effectiveFrom: tomorrow, appliesToShipping: true });

  const province = watch('province');
  const code = watch('code');
  const history = rates.filter((r) => r.province === province && r.code === code);
  const current = history.find((r) => r.status === 'current');
  const latest = history.at(-1);
  // Only the taxes of the chosen province are offered: choosing another province picks its first tax.
  useEffect(() => {
    if (!TAXES_OF[province].includes(code)) setValue('code', TAXES_OF[province][0]!);
  }, [province, code, setValue]);
  // A change follows the latest rate of that tax on shipping, until the box is ticked by hand.
  useEffect(() => {
    if (!getFieldState('appliesToShipping').isDirty) setValue('appliesToShipping', latest?.appliesToShipping ?? true);
  }, [latest, setValue, getFieldState]);

  const onSubmit = handleSubmit((values) =>
    saveAndClose(() => add.mutateAsync(values), {
      success: (saved) => t('taxRates.created', { province: saved.province, code: t(`taxRates.codes.${saved.code}`), day: formatDay(saved.effectiveFrom, i18n.resolvedLanguage) }),
      done: onDone,
      issues: { setError, fields: FIELDS },
      fallback: t('taxRates.saveFailed'),
    }),
  );

  const err = (name: (typeof FIELDS)[number]) => message(errors[name]?.message);
  const id = (name: string) => `${uid}-${name}`;
  const percent = (rate: number) => new Intl.NumberFormat(localeTag(i18n.resolvedLanguage), { style: 'percent', maximumFractionDigits: 3 }).format(rate / 100);
  const inForce = current
    ? t('taxRates.inForceNow', { rate: percent(current.rate), day: formatDay(current.effectiveFrom, i18n.resolvedLanguage) })
    : t('taxRates.noneInForce');

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4 sm:grid-cols-2">
      <Field id={id('province')} label={t('taxRates.fields.province')} error={err('province')}>
        <select className={inputClasses} {...fieldAria(id('province'), err('province'))} {...register('province')}>
          {PROVINCES.map((p) => (
            <option key={p} value={p}>
              {t(`taxRates.provinces.${p}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field id={id('code')} label={t('taxRates.fields.code')} error={err('code')}>
        <select className={inputClasses} {...fieldAria(id('code'), err('code'))} {...register('code')}>
          {TAXES_OF[province].map((c) => (
            <option key={c} value={c}>
              {t(`taxRates.codes.${c}`)} — {t(`taxRates.codeNames.${c}`)}
            </option>
          ))}
        </select>
      </Field>
      <p className="text-sm text-muted-foreground sm:col-span-2" aria-live="polite">
        {inForce}
      </p>
      <TextField id={id('rate')} label={t('taxRates.fields.rate')} hint={t('taxRates.hints.rate')} inputMode="decimal" autoComplete="off" error={err('rate')} {...register('rate')} />
      <TextField
        id={id('from')}
        type="date"
        min={tomorrow}
        label={t('taxRates.fields.from')}
        hint={t('taxRates.hints.from')}
        error={err('effectiveFrom')}
        {...register('effectiveFrom')}
      />
      <div className="flex items-center gap-3 sm:col-span-2">
        <input id={id('shipping')} type="checkbox" className="size-5 accent-primary" {...register('appliesToShipping')} />
        <label htmlFor={id('shipping')} className="text-sm font-medium">
          {t('taxRates.fields.shipping')}
        </label>
      </div>
      <div className="sm:col-span-2">
        <FormActions onCancel={onDone} pending={add.isPending} submitLabel={t('taxRates.save')} />
      </div>
    </form>
  );
}
