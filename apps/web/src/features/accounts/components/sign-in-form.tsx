import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoginInput } from '@meltway/shared/accounts/auth.schema';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/error-text';
import type { SessionUser } from '@/lib/session';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useLogin } from '../api/login';
import ForgotPasswordDialog from './forgot-password-dialog';
import { PasswordField } from './password-field';
import { TextField } from '@/components/form/text-field';
import { useFieldText } from '@/lib/field-text';

type Props = { onSignedIn: (user: SessionUser) => void };

export function SignInForm({ onSignedIn }: Props) {
  const { t } = useTranslation(['accounts', 'common']);
  const message = useFieldText();
  const uid = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  const login = useLogin();
  const form = useSchemaForm(LoginInput, { email: '', password: '' });
  const {
    register,
    handleSubmit,
    reset,
    resetField,
    getValues,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const out = await login.mutateAsync(values);
      reset();
      const { access_token: _a, refresh_token: _r, ...user } = out;
      onSignedIn(user);
    } catch (error) {
      resetField('password');
      setFailure(errorText(t, error, t('signIn.failed')));
    }
  });

  return (
    <>
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-describedby={failure ? `${uid}-failure` : undefined}>
        {failure ? (
          <Alert variant="error" role="alert" id={`${uid}-failure`}>
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
        <PasswordField
          id={`${uid}-password`}
          label={t('fields.password')}
          autoComplete="current-password"
          error={message(errors.password?.message)}
          {...register('password')}
        />
        <div className="-mt-1 flex justify-end">
          <Button variant="link" size="inline" onClick={() => setForgotOpen(true)}>
            {t('signIn.forgot')}
          </Button>
        </div>
        <Button type="submit" disabled={login.isPending} className="w-full">
          {login.isPending ? <Spinner /> : null}
          {t('signIn.submit')}
        </Button>
      </form>
      <ForgotPasswordDialog open={forgotOpen} onOpenChange={setForgotOpen} defaultEmail={getValues('email')} />
    </>
  );
}
