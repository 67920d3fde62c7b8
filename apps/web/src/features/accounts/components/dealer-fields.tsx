import { useId } from 'react';
import { Controller, get, useFormContext, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { COVERAGE_RADIUS } from '@meltway/shared/accounts/roles';
import { Label } from '@/components/ui/label';
import { Slider } from '@/components/ui/slider';
import { TextField } from '@/components/form/text-field';
import { useFieldText } from '@/lib/field-text';

/**
 * The dealer fields that the sign-up form and the Add Dealer wizard share. `prefix` is where the
 * form keeps them: `dealerData.` in the sign-up body, nothing in the wizard's.
 */
type Props = { prefix?: '' | 'dealerData.' };

/** A dealer field's registration and its message in the reader's language, under `prefix` in the form. */
export function useDealerField(prefix: string) {
  const message = useFieldText();
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<FieldValues>();
  return {
    control,
    register: (name: string) => register(`${prefix}${name}`),
    error: (name: string) => message((get(errors, `${prefix}${name}`) as { message?: string } | undefined)?.message),
  };
}

export function CoverageRadiusField({ prefix = '' }: Props) {
  const { t } = useTranslation('accounts');
  const uid = useId();
  const { control, error } = useDealerField(prefix);
  return (
    <Controller
      control={control}
      name={`${prefix}coverageRadius`}
      render={({ field }) => {
        const value = Number(field.value ?? COVERAGE_RADIUS.default);
        return (
          <div className="grid gap-3 sm:col-span-2">
            <div className="flex items-center justify-between">
              <Label id={`${uid}-radius-label`}>{t('fields.coverageRadius')}</Label>
              <span className="text-sm font-semibold tabular-nums" aria-hidden>
                {t('fields.km', { value })}
              </span>
            </div>
            <Slider
              min={COVERAGE_RADIUS.min}
              max={COVERAGE_RADIUS.max}
              step={COVERAGE_RADIUS.step}
              value={[value]}
              onValueChange={(next) => field.onChange(next[0])}
              onValueCommit={() => field.onBlur()}
              thumbLabelledBy={`${uid}-radius-label`}
              thumbValueText={t('fields.km', { value })}
              name={field.name}
            />
            {error('coverageRadius') ? <p className="text-sm text-destructive">{error('coverageRadius')}</p> : null}
          </div>
        );
      }}
    />
  );
}

export function ManagerFields({ prefix = '' }: Props) {
  const { t } = useTranslation('accounts');
  const uid = useId();
  const { register, error } = useDealerField(prefix);
  return (
    <>
      <TextField id={`${uid}-manager-name`} label={t('fields.managerName')} autoComplete="off" error={error('manager.name')} {...register('manager.name')} />
      <TextField
        id={`${uid}-manager-email`}
        label={t('fields.managerEmail')}
        type="email"
        autoComplete="off"
        error={error('manager.email')}
        {...register('manager.email')}
      />
      <TextField
        id={`${uid}-manager-phone`}
        label={t('fields.managerPhone')}
        type="tel"
        inputMode="numeric"
        autoComplete="off"
        error={error('manager.phone')}
        {...register('manager.phone')}
      />
    </>
  );
}

/** The Canadian banking numbers, with their formats as hints. */
export function BankingFields({ prefix = '' }: Props) {
  const { t } = useTranslation('accounts');
  const uid = useId();
  const { register, error } = useDealerField(prefix);
  const numeric = (name: string, labelKey: string, hintKey: string) => (
    <TextField
      id={`${uid}-${name}`}
      label={t(labelKey)}
      inputMode="numeric"
      autoComplete="off"
      hint={t(hintKey)}
      error={error(`bankingInfo.${name}`)}
      {...register(`bankingInfo.${name}`)}
    />
  );
  return (
    <>
      <TextField
        id={`${uid}-holder`}
        label={t('fields.accountHolderName')}
        autoComplete="off"
        fieldClassName="sm:col-span-2"
        error={error('bankingInfo.accountHolderName')}
        {...register('bankingInfo.accountHolderName')}
      />
      {numeric('transitNumber', 'fields.transitNumber', 'fields.transitHint')}
      {numeric('institutionNumber', 'fields.institutionNumber', 'fields.institutionHint')}
      {numeric('accountNumber', 'fields.accountNumber', 'fields.accountHint')}
    </>
  );
}
