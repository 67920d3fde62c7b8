import { useId } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { REGISTER_PHONE_CODES } from '@meltway/shared/accounts/roles';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { fieldAria } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordField } from './password-field';
import { TextField } from '@/components/form/text-field';
import { useFieldText } from '@/lib/field-text';

/** The fields every sign-up form shares; the form itself decides which rules apply. */
export type ContactValues = {
  fullname: string;
  email: string;
  password: string;
  confirmPassword: string;
  address?: unknown;
  phone?: unknown;
  phoneCode?: string;
};

export function IdentityFields({ nameLabelKey = 'fields.fullname' }: { nameLabelKey?: string }) {
  const { t } = useTranslation('accounts');
  const message = useFieldText();
  const uid = useId();
  const {
    register,
    formState: { errors },
  } = useFormContext<ContactValues>();
  return (
    <>
      <TextField
        id={`${uid}-fullname`}
        label={t(nameLabelKey)}
        autoComplete="name"
        error={message(errors.fullname?.message)}
        {...register('fullname')}
      />
      <TextField
        id={`${uid}-email`}
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        error={message(errors.email?.message)}
        {...register('email')}
      />
      <PasswordField
        id={`${uid}-password`}
        label={t('fields.password')}
        autoComplete="new-password"
        hint={t('fields.passwordHint')}
        error={message(errors.password?.message)}
        {...register('password')}
      />
      <PasswordField
        id={`${uid}-confirm`}
        label={t('fields.confirmPassword')}
        autoComplete="new-password"
        error={message(errors.confirmPassword?.message)}
        {...register('confirmPassword')}
      />
    </>
  );
}

export function ContactFields() {
  const { t } = useTranslation('accounts');
  const message = useFieldText();
  const uid = useId();
  const {
    register,
    formState: { errors },
  } = useFormContext<ContactValues>();
  return (
    <>
      <TextField
        id={`${uid}-address`}
        label={t('fields.address')}
        autoComplete="street-address"
        error={message(errors.address?.message as string | undefined)}
        fieldClassName="sm:col-span-2"
        {...register('address')}
      />
      <PhoneFields codes={REGISTER_PHONE_CODES} autoComplete="tel-national" />
    </>
  );
}

/** Phone code and number side by side; the sign-up forms and the Add Dealer wizard offer different codes. */
export function PhoneFields({ codes, autoComplete }: { codes: readonly string[]; autoComplete: string }) {
  const { t } = useTranslation('accounts');
  const message = useFieldText();
  const uid = useId();
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<ContactValues>();
  const phoneError = message(errors.phone?.message as string | undefined);
  return (
    <div className="grid grid-cols-[7.5rem_1fr] gap-3 sm:col-span-2 sm:grid-cols-[9rem_1fr]">
      <div className="grid content-start gap-2">
        <Label htmlFor={`${uid}-phone-code`}>{t('fields.phoneCode')}</Label>
        <Controller
          control={control}
          name="phoneCode"
          render={({ field }) => (
            <Select value={field.value ?? codes[0]} onValueChange={field.onChange} name={field.name}>
              <SelectTrigger id={`${uid}-phone-code`} ref={field.ref} onBlur={field.onBlur}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {codes.map((code) => (
                  <SelectItem key={code} value={code}>
                    {code}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </div>
      <div className="grid content-start gap-2">
        <Label htmlFor={`${uid}-phone`}>{t('fields.phone')}</Label>
        <Input type="tel" inputMode="numeric" autoComplete={autoComplete} {...fieldAria(`${uid}-phone`, phoneError)} {...register('phone')} />
        {phoneError ? (
          <p id={`${uid}-phone-error`} className="text-sm text-destructive">
            {phoneError}
          </p>
        ) : null}
      </div>
    </div>
  );
}
