import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** A form's submit button, disabled with a spinner while the form is being saved. */
export function SubmitButton({ pending, children, className }: { pending: boolean; children: ReactNode; className?: string }) {
  return (
    <Button type="submit" disabled={pending} className={className}>
      {pending ? <Spinner /> : null}
      {children}
    </Button>
  );
}

/** The foot of a dialog's form: Cancel and the submit button, stacked on phones and right-aligned above. */
export function FormActions({ onCancel, pending, submitLabel }: { onCancel: () => void; pending: boolean; submitLabel: ReactNode }) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button type="button" variant="outline" onClick={onCancel}>
        {t('actions.cancel')}
      </Button>
      <SubmitButton pending={pending}>{submitLabel}</SubmitButton>
    </div>
  );
}
