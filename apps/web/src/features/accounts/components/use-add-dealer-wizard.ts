import { useLayoutEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { AddDealerDetails, AddDealerInput, AddDealerManager } from '@meltway/shared/accounts/people.schema';
import { COVERAGE_RADIUS, type DEALER_PHONE_CODES } from '@meltway/shared/accounts/roles';
import type { UserOut } from '@meltway/shared/accounts/user.schema';
import { ApiError } from '@/lib/api-client';
import { useSchemaForm } from '@/lib/use-schema-form';
import { errorText, showServerIssues } from '@/lib/error-text';

type AddDealerValues = {
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
export const STEP_KEYS = ['details', 'manager', 'banking'] as const;

/** The step holding a field, for server issues such as `bankingInfo.transitNumber`. */
export function stepOfPath(path: string): number {
  if (path.startsWith('manager')) return 1;
  if (path.startsWith('bankingInfo')) return 2;
  return 0;
}

export type AddDealerWizardProps = {
  onSubmit: (values: AddDealerInput) => Promise<UserOut>;
  onCreated: (user: UserOut) => void;
};

/**
 * The wizard's state: the step on screen (whose rules the form checks; the form holds every step's values
 * throughout), Next and Back, and the creation, whose refusals go back to the step holding their field.
 */
export function useAddDealerWizard({ onSubmit, onCreated }: AddDealerWizardProps) {
  const { t } = useTranslation(['dashboard', 'accounts', 'common']);
  const [step, setStep] = useState(0);
  const stepRef = useRef(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const stepSchema = () => STEP_SCHEMAS[stepRef.current] as unknown as z.ZodType<AddDealerValues, AddDealerValues>;
  const form = useSchemaForm(stepSchema, addDealerDefaults(), { shouldUnregister: false });

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
          setTimeout(() => showServerIssues(t, error, form.setError));
        }
      }
      const fallback = error instanceof ApiError && error.status !== 0 ? t('addDealer.failed') : t('common:messages.generic');
      setFailure(errorText(t, error, fallback));
    }
  };

  return { form, step, headingRef, failure, back: () => goTo(step - 1), next, submit: form.handleSubmit(create) };
}
