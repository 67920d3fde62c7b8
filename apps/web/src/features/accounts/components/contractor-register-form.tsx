import { useId, useState } from 'react';
import { Controller, FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { RegisterContractorInput, withPasswordConfirmation } from '@meltway/shared/accounts/register.schema';
import { CONTRACTOR_SERVICES, CONTRACTOR_TYPES, DEFAULT_CONTRACTOR_TYPE } from '@meltway/shared/accounts/roles';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { notify } from '@/lib/notify';
import { CertifiedBadge } from '@/components/academy/certified-badge';
import { usePublicDealers } from '../api/public-dealers';
import { ContactFields, IdentityFields } from './contact-fields';
import { FormSection } from '@/components/form/form-section';
import { RegisterSuccess } from './register-success';
import { TextField } from '@/components/form/text-field';
import { useFieldText } from '@/lib/field-text';
import { useRegisterForm } from './use-register-form';

const contractorFormSchema = withPasswordConfirmation(RegisterContractorInput);
type ContractorFormValues = z.input<typeof contractorFormSchema>;

const contractorDefaults = (): ContractorFormValues => ({
  role: 'contractor',
  fullname: '',
  email: '',
  password: '',
  confirmPassword: '',
  address: '',
  phone: '',
  phoneCode: '+1',
  companyName: '',
  licenseNumber: '',
  contractorType: DEFAULT_CONTRACTOR_TYPE,
  servicesOffered: Object.fromEntries(CONTRACTOR_SERVICES.map((s) => [s, false])) as Record<
    (typeof CONTRACTOR_SERVICES)[number],
    boolean
  >,
  contractorBN: '',
  TIN: '',
  labourWarrantyPeriod: '',
  dealerId: '',
});

function DealerSelect({ id, error }: { id: string; error?: string }) {
  // The certificates words load with the form, for the mark of dealers with certified installers.
  const { t } = useTranslation(['accounts', 'certificates']);
  const dealers = usePublicDealers();
  const items = dealers.data ?? [];
  return (
    <Controller<ContractorFormValues, 'dealerId'>
      name="dealerId"
      render={({ field }) => (
        <div className="grid content-start gap-2 sm:col-span-2">
          <Label htmlFor={id}>{t('fields.dealer')}</Label>
          <Select
            value={(field.value as string | undefined) ?? ''}
            onValueChange={field.onChange}
            onOpenChange={(open) => {
              if (!open) field.onBlur();
            }}
            name={field.name}
            disabled={dealers.isPending || dealers.isError}
          >
            <SelectTrigger
              id={id}
              ref={field.ref}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            >
              <SelectValue
                placeholder={
                  dealers.isPending
                    ? t('fields.dealersLoading')
                    : // A failed load is not an empty list: the alert below says so, once.
                      !dealers.isError && items.length === 0
                      ? t('fields.noDealers')
                      : t('fields.dealerPlaceholder')
                }
              />
            </SelectTrigger>
            <SelectContent>
              {items.map((dealer) => (
                <SelectItem key={dealer.id} value={dealer.id} extra={dealer.certified ? <CertifiedBadge dealer /> : null}>
                  {dealer.fullname}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {dealers.isError ? (
            <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-destructive">
              {t('register.dealersFailed')}
              <Button variant="link" size="inline" onClick={() => void dealers.refetch()}>
                {t('common:actions.retry')}
              </Button>
            </div>
          ) : null}
          {error ? (
            <p id={`${id}-error`} className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
        </div>
      )}
    />
  );
}

export function ContractorRegisterForm() {
  const { t } = useTranslation(['accounts', 'common']);
  const message = useFieldText();
  const uid = useId();
  const [done, setDone] = useState(false);
  const { form, submit, failure, pending } = useRegisterForm(contractorFormSchema, contractorDefaults);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    const user = await submit(values);
    if (!user) return;
    setDone(true);
    notify.success(t('register.success', { role: t('register.roleNames.contractor') }));
  });

  if (done) return <RegisterSuccess role="contractor" />;

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="grid gap-8">
        <FormSection title={t('register.sections.account')}>
          <IdentityFields />
        </FormSection>
        <FormSection title={t('register.sections.business')}>
          <TextField
            id={`${uid}-company`}
            label={t('fields.companyName')}
            autoComplete="organization"
            error={message(errors.companyName?.message)}
            {...register('companyName')}
          />
          <TextField
            id={`${uid}-license`}
            label={t('fields.licenseNumber')}
            autoComplete="off"
            error={message(errors.licenseNumber?.message)}
            {...register('licenseNumber')}
          />
          <ContactFields />
          <div className="grid content-start gap-2">
            <Label htmlFor={`${uid}-type`}>{t('fields.contractorType')}</Label>
            <Controller
              control={control}
              name="contractorType"
              render={({ field }) => (
                <Select value={(field.value as string | undefined) ?? DEFAULT_CONTRACTOR_TYPE} onValueChange={field.onChange} name={field.name}>
                  <SelectTrigger id={`${uid}-type`} ref={field.ref}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {CONTRACTOR_TYPES.map((type) => (
                      <SelectItem key={type} value={type}>
                        {t(`contractorTypes.${type}`)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </div>
          <TextField
            id={`${uid}-warranty`}
            label={t('fields.labourWarrantyPeriod')}
            type="number"
            inputMode="numeric"
            min={0}
            max={50}
            step={1}
            error={message(errors.labourWarrantyPeriod?.message)}
            {...register('labourWarrantyPeriod')}
          />
          <TextField
            id={`${uid}-bn`}
            label={t('fields.contractorBN')}
            autoComplete="off"
            hint={t('fields.contractorBNHint')}
            error={message(errors.contractorBN?.message)}
            {...register('contractorBN')}
          />
          <TextField
            id={`${uid}-tin`}
            label={t('fields.TIN')}
            autoComplete="off"
            hint={t('fields.optional')}
            error={message(errors.TIN?.message)}
            {...register('TIN')}
          />
          <fieldset className="grid gap-3 sm:col-span-2">
            <legend className="mb-3 text-sm font-medium">{t('fields.servicesOffered')}</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {CONTRACTOR_SERVICES.map((service) => (
                <Controller
                  key={service}
                  control={control}
                  name={`servicesOffered.${service}`}
                  render={({ field }) => (
                    <div className="flex items-center gap-3">
                      <Checkbox
                        id={`${uid}-service-${service}`}
                        checked={!!field.value}
                        onCheckedChange={(checked) => field.onChange(checked === true)}
                        onBlur={field.onBlur}
                        name={field.name}
                        ref={field.ref}
                      />
                      <Label htmlFor={`${uid}-service-${service}`} className="font-normal">
                        {t(`services.${service}`)}
                      </Label>
                    </div>
                  )}
                />
              ))}
            </div>
          </fieldset>
          <DealerSelect id={`${uid}-dealer`} error={message(errors.dealerId?.message)} />
        </FormSection>
        {failure ? (
          <Alert variant="error" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Button type="submit" variant="ember" size="lg" disabled={pending} className="w-full sm:w-auto sm:justify-self-end">
          {pending ? <Spinner /> : null}
          {t('register.submitContractor')}
        </Button>
      </form>
    </FormProvider>
  );
}
