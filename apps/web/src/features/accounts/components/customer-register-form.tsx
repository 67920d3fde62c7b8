import { FormProvider } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { RegisterCustomerInput, withPasswordConfirmation } from '@meltway/shared/accounts/register.schema';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { notify } from '@/lib/notify';
import { errorText } from '@/lib/error-text';
import { useLogin } from '../api/login';
import { IdentityFields } from './contact-fields';
import { useRegisterForm } from './use-register-form';

const customerFormSchema = withPasswordConfirmation(RegisterCustomerInput);
type CustomerFormValues = z.input<typeof customerFormSchema>;

const customerDefaults = (): CustomerFormValues => ({
  role: 'customer',
  fullname: '',
  email: '',
  password: '',
  confirmPassword: '',
});

/** Shoppers and learners are approved at once, so they are signed in straight after signing up. */
export function CustomerRegisterForm() {
  const { t } = useTranslation(['accounts', 'common']);
  const navigate = useNavigate();
  const { form, submit, failure, pending } = useRegisterForm(customerFormSchema, customerDefaults);
  const login = useLogin();
  const { handleSubmit, setError } = form;

  const onSubmit = handleSubmit(async (values) => {
    const user = await submit(values);
    if (!user) return;
    try {
      const out = await login.mutateAsync({ email: String(values.email), password: String(values.password) });
        notify.success(t('register.customerWelcome', { name: out.fullname }));
      void navigate('/', { replace: true });
    } catch (error) {
      setError('root', { message: errorText(t, error, t('signIn.failed')) });
    }
  });

  const rootError = form.formState.errors.root?.message;
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <IdentityFields />
        {failure || rootError ? (
          <Alert variant="error" role="alert">
            {failure ?? rootError}
          </Alert>
        ) : null}
        <Button type="submit" variant="ember" size="lg" disabled={pending || login.isPending} className="w-full">
          {pending || login.isPending ? <Spinner /> : null}
          {t('register.submitCustomer')}
        </Button>
      </form>
    </FormProvider>
  );
}
