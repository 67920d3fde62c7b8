import { useId, useState } from 'react';
import { Controller, FormProvider, get, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { accountsMessages } from '@meltway/shared/accounts/messages';
import { RegisterDealerInput, withPasswordConfirmation } from '@meltway/shared/accounts/register.schema';
import { COVERAGE_RADIUS, LOGO_TYPES, VOID_CHEQUE_TYPES } from '@meltway/shared/accounts/roles';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Slider } from '@/components/ui/slider';
import { Spinner } from '@/components/ui/spinner';
import { notify } from '@/lib/notify';
import { useLiveRevalidation } from '@/lib/use-live-revalidation';
import { ContactFields, IdentityFields } from './contact-fields';
import { FileField } from './file-field';
import { FormSection } from './form-section';
import { RegisterSuccess } from './register-success';
import { TextField } from './text-field';
import { useMessage } from './use-message';
import { useRegisterSubmit } from './use-register-submit';

export const dealerFormSchema = withPasswordConfirmation(RegisterDealerInput);
export type DealerFormValues = z.input<typeof dealerFormSchema>;

export const dealerDefaults = (): DealerFormValues => ({
  role: 'dealer',
  fullname: '',
  email: '',
  password: '',
  confirmPassword: '',
  address: '',
  phone: '',
  phoneCode: '+1',
  image: '',
  logo: '',
  dealerData: {
    billingEmail: '',
    commission: '',
    coverageRadius: COVERAGE_RADIUS.default,
    manager: { name: '', email: '', phone: '' },
    bankingInfo: { accountHolderName: '', transitNumber: '', institutionNumber: '', accountNumber: '' },
  },
});

export function DealerRegisterForm() {
  const { t } = useTranslation(['accounts', 'common']);
  const message = useMessage();
  const uid = useId();
  const [done, setDone] = useState(false);
  const form = useForm({
    resolver: zodResolver(dealerFormSchema),
    mode: 'onBlur',
    reValidateMode: 'onChange',
    defaultValues: dealerDefaults(),
  });
  useLiveRevalidation(form, { password: 'confirmPassword' });
  const { submit, failure, pending } = useRegisterSubmit(form);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = form;
  // Nested paths of this form are typed loosely by the schema's preprocessors; read them by name.
  const fieldError = (path: string) => message((get(errors, path) as { message?: string } | undefined)?.message);

  const onSubmit = handleSubmit(async (values) => {
    const user = await submit(values);
    if (!user) return;
    reset(dealerDefaults());
    setDone(true);
    notify.success(t('register.success', { role: t('register.roleNames.dealer') }));
  });

  if (done) return <RegisterSuccess role="dealer" />;

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="grid gap-8">
        <FormSection title={t('register.sections.account')}>
          <IdentityFields nameLabelKey="fields.dealerName" />
        </FormSection>
        <FormSection title={t('register.sections.business')}>
          <ContactFields />
          <TextField
            id={`${uid}-billing`}
            label={t('fields.billingEmail')}
            type="email"
            autoComplete="email"
            error={fieldError('dealerData.billingEmail')}
            {...register('dealerData.billingEmail')}
          />
          <TextField
            id={`${uid}-commission`}
            label={t('fields.commission')}
            type="number"
            inputMode="decimal"
            min={0}
            max={100}
            step="0.01"
            hint={t('fields.optional')}
            error={fieldError('dealerData.commission')}
            {...register('dealerData.commission')}
          />
          <Controller
            control={control}
            name="dealerData.coverageRadius"
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
                  {fieldError('dealerData.coverageRadius') ? (
                    <p className="text-sm text-destructive">{fieldError('dealerData.coverageRadius')}</p>
                  ) : null}
                </div>
              );
            }}
          />
        </FormSection>
        <FormSection title={t('register.sections.manager')}>
          <TextField
            id={`${uid}-manager-name`}
            label={t('fields.managerName')}
            autoComplete="off"
            error={fieldError('dealerData.manager.name')}
            {...register('dealerData.manager.name')}
          />
          <TextField
            id={`${uid}-manager-email`}
            label={t('fields.managerEmail')}
            type="email"
            autoComplete="off"
            error={fieldError('dealerData.manager.email')}
            {...register('dealerData.manager.email')}
          />
          <TextField
            id={`${uid}-manager-phone`}
            label={t('fields.managerPhone')}
            type="tel"
            inputMode="numeric"
            autoComplete="off"
            error={fieldError('dealerData.manager.phone')}
            {...register('dealerData.manager.phone')}
          />
        </FormSection>
        <FormSection title={t('register.sections.banking')}>
          <TextField
            id={`${uid}-holder`}
            label={t('fields.accountHolderName')}
            autoComplete="off"
            error={fieldError('dealerData.bankingInfo.accountHolderName')}
            {...register('dealerData.bankingInfo.accountHolderName')}
          />
          <TextField
            id={`${uid}-transit`}
            label={t('fields.transitNumber')}
            inputMode="numeric"
            autoComplete="off"
            error={fieldError('dealerData.bankingInfo.transitNumber')}
            {...register('dealerData.bankingInfo.transitNumber')}
          />
          <TextField
            id={`${uid}-institution`}
            label={t('fields.institutionNumber')}
            inputMode="numeric"
            autoComplete="off"
            error={fieldError('dealerData.bankingInfo.institutionNumber')}
            {...register('dealerData.bankingInfo.institutionNumber')}
          />
          <TextField
            id={`${uid}-account`}
            label={t('fields.accountNumber')}
            inputMode="numeric"
            autoComplete="off"
            error={fieldError('dealerData.bankingInfo.accountNumber')}
            {...register('dealerData.bankingInfo.accountNumber')}
          />
          <Controller
            control={control}
            name="image"
            render={({ field }) => (
              <FileField
                label={t('fields.voidCheque')}
                hint={t('fields.voidChequeHint')}
                accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
                types={VOID_CHEQUE_TYPES}
                typeMessage={accountsMessages.voidChequeType}
                value={(field.value as string | undefined) || undefined}
                error={message(errors.image?.message)}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                onError={(text) => setError('image', { type: 'file', message: text })}
              />
            )}
          />
          <Controller
            control={control}
            name="logo"
            render={({ field }) => (
              <FileField
                label={t('fields.logo')}
                hint={t('fields.logoHint')}
                accept=".jpg,.jpeg,.png,image/jpeg,image/png"
                types={LOGO_TYPES}
                typeMessage={accountsMessages.logoType}
                value={(field.value as string | undefined) || undefined}
                error={message(errors.logo?.message)}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                onError={(text) => setError('logo', { type: 'file', message: text })}
              />
            )}
          />
        </FormSection>
        {failure ? (
          <Alert variant="error" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Button type="submit" variant="ember" size="lg" disabled={pending} className="w-full sm:w-auto sm:justify-self-end">
          {pending ? <Spinner /> : null}
          {t('register.submitDealer')}
        </Button>
      </form>
    </FormProvider>
  );
}
