import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ForgotPasswordInput } from '@meltway/shared/accounts/auth.schema';
import { accountsMessages } from '@meltway/shared/accounts/messages';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useSchemaForm } from '@/lib/use-schema-form';
import { errorText } from '@/lib/error-text';
import { useFieldText } from '@/lib/field-text';
import { useForgotPassword } from '../api/forgot-password';
import { TextField } from '@/components/form/text-field';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; defaultEmail?: string };
type Values = { email: string };

const ENTER_EMAIL = accountsMessages.enterEmail;

// SPEC asks for its own wording when the box is empty; the shared rule covers the format.
const precheck = (values: Values) => (values.email.trim() ? undefined : { email: { type: 'required', message: ENTER_EMAIL } });

/** Mounted only while the dialog is open, so each opening starts with a fresh form. */
function ForgotPasswordBody({ defaultEmail, onDone }: { defaultEmail: string; onDone: () => void }) {
  const { t } = useTranslation(['accounts', 'common']);
  const message = useFieldText();
  const uid = useId();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const forgot = useForgotPassword();
  const form = useSchemaForm(ForgotPasswordInput, { email: defaultEmail }, { precheck });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await forgot.mutateAsync(values);
      setSent(true);
    } catch (error) {
      setFailure(errorText(t, error, t('forgot.failed')));
    }
  });

  if (sent) {
    return (
      <div className="grid gap-4">
        <Alert variant="success" role="status">
          {t('forgot.sent')}
        </Alert>
        <Button onClick={onDone}>{t('common:actions.close')}</Button>
      </div>
    );
  }
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      {failure ? (
        <Alert variant="error" role="alert">
          {failure}
        </Alert>
      ) : null}
      <TextField
        id={`${uid}-email`}
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        error={message(errors.email?.message)}
        {...register('email')}
      />
      <Button type="submit" disabled={forgot.isPending}>
        {forgot.isPending ? <Spinner /> : null}
        {t('forgot.submit')}
      </Button>
    </form>
  );
}

export default function ForgotPasswordDialog({ open, onOpenChange, defaultEmail = '' }: Props) {
  const { t } = useTranslation('accounts');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('forgot.title')}</DialogTitle>
          <DialogDescription>{t('forgot.description')}</DialogDescription>
        </DialogHeader>
        <ForgotPasswordBody defaultEmail={defaultEmail} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
