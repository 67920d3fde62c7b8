import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CircleCheckIcon } from 'lucide-react';
import { ResetPasswordInput } from '@meltway/shared/accounts/auth.schema';
import { accountsMessages } from '@meltway/shared/accounts/messages';
import { Alert } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/error-text';
import { useFieldText } from '@/lib/field-text';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useResetLink, useResetPassword } from '../api/reset-password';
import ForgotPasswordDialog from '../components/forgot-password-dialog';
import { PasswordField } from '../components/password-field';

type Values = { token: string; newPassword: string; confirmPassword: string };

const FILL_ALL_FIELDS = accountsMessages.fillAllFields;

const precheck = (values: Values) => {
  // Once, at the first empty field, where the focus goes.
  const empty = (['newPassword', 'confirmPassword'] as const).find((name) => !values[name]);
  if (!empty) return undefined;
  return { [empty]: { type: 'required', message: FILL_ALL_FIELDS } };
};

export default function ResetPage() {
  const { t } = useTranslation(['accounts', 'common']);
  const message = useFieldText();
  const uid = useId();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const reset = useResetPassword();
  // The link is checked when the page opens, so a dead one says so before a password is typed.
  const link = useResetLink(token);
  const [askOpen, setAskOpen] = useState(false);
  const form = useSchemaForm(
    ResetPasswordInput,
    { token, newPassword: '', confirmPassword: '' },
    { precheck, linked: { newPassword: 'confirmPassword' } },
  );
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;
  useDocumentTitle(t('reset.title'));

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await reset.mutateAsync({ ...values, token });
      setDone(true);
    } catch (error) {
      setFailure(errorText(t, error, t('reset.failed')));
    }
  });

  return (
    <Card className="h-fit w-full max-w-md">
      <CardHeader>
        <CardTitle as="h1">{t('reset.title')}</CardTitle>
        {!done && token && link.isSuccess ? <CardDescription>{t('reset.description')}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        {!token ? (
          <>
            <Alert variant="error" role="alert">
              {t('reset.invalidLink')}
            </Alert>
            <Link to="/login" className={buttonVariants({ variant: 'outline' })}>
              {t('reset.backToSignIn')}
            </Link>
          </>
        ) : !done && link.isPending ? (
          <p role="status" className="flex items-center gap-2 text-muted-foreground">
            <Spinner />
            {t('reset.checking')}
          </p>
        ) : !done && link.isError ? (
          <>
            <Alert variant="error" role="alert">
              {errorText(t, link.error, t('reset.invalidLink'))}
            </Alert>
            <Button type="button" onClick={() => setAskOpen(true)}>
              {t('reset.askNewLink')}
            </Button>
            <Link to="/login" className={buttonVariants({ variant: 'outline' })}>
              {t('reset.backToSignIn')}
            </Link>
            <ForgotPasswordDialog open={askOpen} onOpenChange={setAskOpen} />
          </>
        ) : done ? (
          <div className="grid gap-4 text-center">
            <CircleCheckIcon className="mx-auto size-12 text-success" aria-hidden />
            <p role="status" className="text-lg font-semibold">
              {t('messages.passwordChanged')}
            </p>
            <Link to="/login" className={buttonVariants()}>
              {t('signIn.title')}
            </Link>
          </div>
        ) : (
          <form noValidate onSubmit={onSubmit} className="grid gap-4">
            {failure ? (
              <Alert variant="error" role="alert">
                {failure}
              </Alert>
            ) : null}
            <PasswordField
              id={`${uid}-new`}
              label={t('fields.newPassword')}
              autoComplete="new-password"
              error={message(errors.newPassword?.message)}
              {...register('newPassword')}
            />
            <PasswordField
              id={`${uid}-confirm`}
              label={t('fields.confirmPassword')}
              autoComplete="new-password"
              error={message(errors.confirmPassword?.message)}
              {...register('confirmPassword')}
            />
            <Button type="submit" disabled={reset.isPending}>
              {reset.isPending ? <Spinner /> : null}
              {t('reset.submit')}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
