import { useId, useState } from 'react';
import { Controller, FormProvider, get } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { accountsMessages } from '@meltway/shared/accounts/messages';
import { RegisterDealerInput, withPasswordConfirmation } from '@meltway/shared/accounts/register.schema';
import { COVERAGE_RADIUS, LOGO_TYPES, REGISTER_FILE_MAX_BYTES, VOID_CHEQUE_TYPES } from '@meltway/shared/accounts/roles';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { notify } from '@/lib/notify';
import { ContactFields, IdentityFields } from './contact-fields';
import { BankingFields, CoverageRadiusField, ManagerFields } from './dealer-fields';
import { FileField } from './file-field';
import { FormSection } from '@/components/form/form-section';
import { RegisterSuccess } from './register-success';
import { TextField } from '@/components/form/text-field';
import { useFieldText } from '@/lib/field-text';
import { useRegisterForm } from './use-register-form';
import type { FileRules } from '@/lib/file-check';

const VOID_CHEQUE_RULES: FileRules = {
  types: VOID_CHEQUE_TYPES,
  maxBytes: REGISTER_FILE_MAX_BYTES,
  typeMessage: accountsMessages.voidChequeType,
  sizeMessage: accountsMessages.fileTooLarge,
};
const LOGO_RULES: FileRules = { types: LOGO_TYPES, maxBytes: REGISTER_FILE_MAX_BYTES, typeMessage: accountsMessages.logoType, sizeMessage: accountsMessages.fileTooLarge };

const dealerFormSchema = withPasswordConfirmation(RegisterDealerInput);
type DealerFormValues = z.input<typeof dealerFormSchema>;

const dealerDefaults = (): DealerFormValues => ({
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
  const message = useFieldText();
  const uid = useId();
  const [done, setDone] = useState(false);
  const { form, submit, failure, pending } = useRegisterForm(dealerFormSchema, dealerDefaults);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;
  // Nested paths of this form are typed loosely by the schema's preprocessors; read them by name.
  const fieldError = (path: string) => message((get(errors, path) as { message?: string } | undefined)?.message);

  const onSubmit = handleSubmit(async (values) => {
    const user = await submit(values);
    if (!user) return;
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
          <CoverageRadiusField prefix="dealerData." />
        </FormSection>
        <FormSection title={t('register.sections.manager')}>
          <ManagerFields prefix="dealerData." />
        </FormSection>
        <FormSection title={t('register.sections.banking')}>
          <BankingFields prefix="dealerData." />
          <Controller
            control={control}
            name="image"
            render={({ field }) => (
              <FileField
                label={t('fields.voidCheque')}
                hint={t('fields.voidChequeHint')}
                accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
                rules={VOID_CHEQUE_RULES}
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
                rules={LOGO_RULES}
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
