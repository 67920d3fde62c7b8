import { useId, useLayoutEffect, useRef, useState } from 'react';
import { FormProvider, get } from 'react-hook-form';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from 'lucide-react';
import { AddDealerDetails, AddDealerInput, AddDealerManager } from '@meltway/shared/accounts/people.schema';
import { COVERAGE_RADIUS, DEALER_PHONE_CODES } from '@meltway/shared/accounts/roles';
import type { UserOut } from '@meltway/shared/accounts/user.schema';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useSchemaForm } from '@/lib/use-schema-form';
import { errorText, showServerIssues } from '@/lib/error-text';
import { cn } from '@/lib/utils';
import { PasswordField } from './password-field';
import { PhoneFields } from './contact-fields';
import { BankingFields, CoverageRadiusField, ManagerFields } from './dealer-fields';
import { TextField } from '@/components/form/text-field';
import { useFieldText } from '@/lib/field-text';

export type AddDealerValues = {
  fullname: string;
  email: string;
  billingEmail: string;
  address: string;
  commission: string | number;
  phoneCode: (typeof DEALER_PHONE_CODES)[number];
  phone: string;
  coverageRadius: number;
  password: string;
  manager: { name: string; email: string; phone: string };
  bankingInfo: { accountHolderName: string; transitNumber: string; institutionNumber: string; accountNumber: string };
};

const addDealerDefaults = (): AddDealerValues => ({
  fullname: '',
  email: '',
  billingEmail: '',
  address: '',
  commission: '',
  phoneCode: '+01',
  phone: '',
  coverageRadius: COVERAGE_RADIUS.default,
  password: '',
  manager: { name: '', email: '', phone: '' },
  bankingInfo: { accountHolderName: '', transitNumber: '', institutionNumber: '', accountNumber: '' },
});

/** Each step's rules; the last one checks the whole dealer, which is what is sent. */
const STEP_SCHEMAS = [AddDealerDetails, AddDealerManager, AddDealerInput] as const;
const STEP_KEYS = ['details', 'manager', 'banking'] as const;

/** The step holding a field, for server issues such as `bankingInfo.transitNumber`. */
export function stepOfPath(path: string): number {
  if (path.startsWith('manager')) return 1;
  if (path.startsWith('bankingInfo')) return 2;
  return 0;
}

type Props = {
  onSubmit: (values: AddDealerInput) => Promise<UserOut>;
  onCreated: (user: UserOut) => void;
};

/** The three-step Add Dealer form: Next checks the step, Back goes back, the last step creates the dealer. */
export function AddDealerWizard({ onSubmit, onCreated }: Props) {
  const { t } = useTranslation(['dashboard', 'accounts', 'common']);
  const message = useFieldText();
  const uid = useId();
  const [step, setStep] = useState(0);
  const stepRef = useRef(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [failure, setFailure] = useState<string | null>(null);

  // The step on screen decides which rules apply; the form holds every step's values throughout.
  const stepSchema = () => STEP_SCHEMAS[stepRef.current] as unknown as z.ZodType<AddDealerValues, AddDealerValues>;
  const form = useSchemaForm(stepSchema, addDealerDefaults(), { shouldUnregister: false });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const fieldError = (path: string) => message((get(errors, path) as { message?: string } | undefined)?.message);

  // In the commit itself: the resolver then checks the step on screen, and the new step's heading
  // takes focus (for screen readers) before any keystroke meant for a field can arrive.
  const shownStep = useRef(step);
  useLayoutEffect(() => {
    stepRef.current = step;
    if (shownStep.current === step) return;
    shownStep.current = step;
    headingRef.current?.focus();
  }, [step]);

  const goTo = (next: number) => {
    setStep(next);
    form.clearErrors();
  };

  const next = async () => {
    if (await form.trigger()) goTo(step + 1);
  };

  const create = async (values: AddDealerValues) => {
    setFailure(null);
    try {
      onCreated(await onSubmit(values as unknown as AddDealerInput));
    } catch (error) {
      if (error instanceof ApiError) {
        const issues = error.issues.filter((issue) => issue.path);
        if (issues.length > 0) {
          const target = stepOfPath(issues[0]!.path);
          if (target !== step) goTo(target);
          // After the step renders, its fields exist to carry the messages.
          setTimeout(() => showServerIssues(t, error, setError));
        }
      }
      const fallback = error instanceof ApiError && error.status !== 0 ? t('addDealer.failed') : t('common:messages.generic');
      setFailure(errorText(t, error, fallback));
    }
  };


  return (
    <div className="grid gap-6">
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
                <span className={cn(!current && 'text-muted-foreground', 'hidden min-[480px]:inline')}>
                  {t(`addDealer.stepTitles.${key}`)}
                </span>
                <span className="sr-only">
                  {t('addDealer.stepOf', { step: index + 1, count: STEP_KEYS.length })}
                  {done ? `, ${t('addDealer.stepDone')}` : ''}
                </span>
              </span>
            </li>
          );
        })}
      </ol>

      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => void handleSubmit(create)(event)} className="grid gap-6">
          <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
            {t('addDealer.stepHeading', { step: step + 1, count: STEP_KEYS.length, title: t(`addDealer.stepTitles.${STEP_KEYS[step]}`) })}
          </h2>

          {step === 0 ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField id={`${uid}-name`} label={t('accounts:fields.dealerName')} autoComplete="organization" error={fieldError('fullname')} {...register('fullname')} />
              <TextField id={`${uid}-email`} label={t('accounts:fields.email')} type="email" autoComplete="off" error={fieldError('email')} {...register('email')} />
              <TextField id={`${uid}-billing`} label={t('accounts:fields.billingEmail')} type="email" autoComplete="off" error={fieldError('billingEmail')} {...register('billingEmail')} />
              <TextField
                id={`${uid}-commission`}
                label={t('accounts:fields.commission')}
                type="number"
                inputMode="decimal"
                min={0}
                max={100}
                step="0.01"
                error={fieldError('commission')}
                {...register('commission')}
              />
              <TextField
                id={`${uid}-address`}
                label={t('accounts:fields.address')}
                autoComplete="off"
                fieldClassName="sm:col-span-2"
                error={fieldError('address')}
                {...register('address')}
              />
              <PhoneFields codes={DEALER_PHONE_CODES} autoComplete="off" />
              <CoverageRadiusField />
              <PasswordField
                id={`${uid}-password`}
                label={t('accounts:fields.password')}
                autoComplete="new-password"
                hint={t('addDealer.passwordHint')}
                error={fieldError('password')}
                {...register('password')}
              />
            </div>
          ) : null}

          {step === 1 ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <ManagerFields />
            </div>
          ) : null}

          {step === 2 ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <BankingFields />
            </div>
          ) : null}

          {failure ? (
            <p role="alert" className="text-sm text-destructive">
              {failure}
            </p>
          ) : null}

          <div className="flex flex-wrap justify-between gap-3 border-t pt-4">
            <Button type="button" variant="outline" onClick={() => goTo(step - 1)} disabled={step === 0 || isSubmitting}>
              {t('addDealer.back')}
            </Button>
            {step < STEP_KEYS.length - 1 ? (
              // Distinct keys: the submit button must be a new element, or the click on Next that
              // reaches the last step would also submit the form.
              <Button key="next" type="button" onClick={() => void next()}>
                {t('addDealer.next')}
              </Button>
            ) : (
              <Button key="submit" type="submit" disabled={isSubmitting}>
                {isSubmitting ? <Spinner /> : null}
                {t('addDealer.submit')}
              </Button>
            )}
          </div>
        </form>
      </FormProvider>
    </div>
  );
}
