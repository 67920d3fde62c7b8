import { useId } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from 'lucide-react';
import { DEALER_PHONE_CODES } from '@meltway/shared/accounts/roles';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { TextField } from '@/components/form/text-field';
import { PasswordField } from './password-field';
import { PhoneFields } from './contact-fields';
import { BankingFields, CoverageRadiusField, ManagerFields, useDealerField } from './dealer-fields';
import { STEP_KEYS, useAddDealerWizard, type AddDealerWizardProps } from './use-add-dealer-wizard';

/** The three-step Add Dealer form: Next checks the step, Back goes back, the last step creates the dealer. */
export function AddDealerWizard(props: AddDealerWizardProps) {
  const { t } = useTranslation(['dashboard', 'accounts', 'common']);
  const { step, form, headingRef, failure, back, next, submit } = useAddDealerWizard(props);

  return (
    <div className="grid gap-6">
      <WizardSteps step={step} />

      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-6">
          <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
            {t('addDealer.stepHeading', { step: step + 1, count: STEP_KEYS.length, title: t(`addDealer.stepTitles.${STEP_KEYS[step]}`) })}
          </h2>

          <div className="grid gap-4 sm:grid-cols-2">
            {step === 0 ? <DealerDetailsFields /> : null}
            {step === 1 ? <ManagerFields /> : null}
            {step === 2 ? <BankingFields /> : null}
          </div>

          {failure ? (
            <p role="alert" className="text-sm text-destructive">
              {failure}
            </p>
          ) : null}

          <div className="flex flex-wrap justify-between gap-3 border-t pt-4">
            <Button type="button" variant="outline" onClick={back} disabled={step === 0 || form.formState.isSubmitting}>
              {t('addDealer.back')}
            </Button>
            {step < STEP_KEYS.length - 1 ? (
              // Distinct keys: the submit button must be a new element, or the click on Next that
              // reaches the last step would also submit the form.
              <Button key="next" type="button" onClick={() => void next()}>
                {t('addDealer.next')}
              </Button>
            ) : (
              <Button key="submit" type="submit" disabled={form.formState.isSubmitting}>
                {form.formState.isSubmitting ? <Spinner /> : null}
                {t('addDealer.submit')}
              </Button>
            )}
          </div>
        </form>
      </FormProvider>
    </div>
  );
}

/** The steps as a progress line: done, current (for screen readers too) and to come. */
function WizardSteps({ step }: { step: number }) {
  const { t } = useTranslation('dashboard');
  return (
    <ol className="grid grid-cols-3 gap-2" aria-label={t('addDealer.steps')}>
      {STEP_KEYS.map((key, index) => {
        const done = index < step;
        const current = index === step;
        return (
          <li key={key} aria-current={current ? 'step' : undefined} className="grid gap-2">
            <span className={cn('h-1.5 rounded-full', done || current ? 'bg-primary' : 'bg-border')} aria-hidden />
            <span className="flex items-center gap-2 text-xs font-medium sm:text-sm">
              <span
                className={cn(
                  'flex size-6 shrink-0 items-center justify-center rounded-full border text-xs',
                  done && 'border-primary bg-primary text-primary-foreground',
                  current && 'border-primary text-primary',
                  !done && !current && 'text-muted-foreground',
                )}
                aria-hidden
              >
                {done ? <CheckIcon className="size-3.5" /> : index + 1}
              </span>
              <span className={cn(!current && 'text-muted-foreground', 'hidden min-[480px]:inline')}>{t(`addDealer.stepTitles.${key}`)}</span>
              <span className="sr-only">
                {t('addDealer.stepOf', { step: index + 1, count: STEP_KEYS.length })}
                {done ? `, ${t('addDealer.stepDone')}` : ''}
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** The first step: the dealer's name, emails, commission, address, phone, coverage and password. */
function DealerDetailsFields() {
  const { t } = useTranslation(['dashboard', 'accounts']);
  const uid = useId();
  const { register, error } = useDealerField('');
  return (
    <>
      <TextField id={`${uid}-name`} label={t('accounts:fields.dealerName')} autoComplete="organization" error={error('fullname')} {...register('fullname')} />
      <TextField id={`${uid}-email`} label={t('accounts:fields.email')} type="email" autoComplete="off" error={error('email')} {...register('email')} />
      <TextField id={`${uid}-billing`} label={t('accounts:fields.billingEmail')} type="email" autoComplete="off" error={error('billingEmail')} {...register('billingEmail')} />
      <TextField
        id={`${uid}-commission`}
        label={t('accounts:fields.commission')}
        type="number"
        inputMode="decimal"
        min={0}
        max={100}
        step="0.01"
        error={error('commission')}
        {...register('commission')}
      />
      <TextField id={`${uid}-address`} label={t('accounts:fields.address')} autoComplete="off" fieldClassName="sm:col-span-2" error={error('address')} {...register('address')} />
      <PhoneFields codes={DEALER_PHONE_CODES} autoComplete="off" />
      <CoverageRadiusField />
      <PasswordField
        id={`${uid}-password`}
        label={t('accounts:fields.password')}
        autoComplete="new-password"
        hint={t('addDealer.passwordHint')}
        error={error('password')}
        {...register('password')}
      />
    </>
  );
}
