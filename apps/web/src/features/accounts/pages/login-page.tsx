import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { notify } from '@/lib/notify';
import { isStaff, sessionStore, type SessionUser } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { SignInForm } from '../components/sign-in-form';

/** Only same-site paths are followed, so a crafted link cannot send someone elsewhere after sign-in. */
export function safeRedirect(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

export function destinationFor(user: Pick<SessionUser, 'role'>, redirect: string | null): string {
  const target = safeRedirect(redirect);
  if (target && (isStaff(user) || !target.startsWith('/dashboard'))) return target;
  return isStaff(user) ? '/dashboard' : '/';
}

export default function LoginPage() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  // Someone already signed in who opens /login goes straight on; later sign-ins navigate themselves.
  const [signedInOnArrival] = useState(() => sessionStore.get()?.user ?? null);
  useDocumentTitle(t('signIn.title'));

  if (signedInOnArrival) return <Navigate to={destinationFor(signedInOnArrival, redirect)} replace />;

  return (
    <Card className="h-fit w-full max-w-md">
      <CardHeader>
        <CardTitle as="h1">{t('signIn.title')}</CardTitle>
        <CardDescription>{t('signIn.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <SignInForm
          onSignedIn={(user) => {
            notify.success(t('signIn.welcome', { name: user.fullname }));
            void navigate(destinationFor(user, redirect), { replace: true });
          }}
        />
        <div className="grid gap-2 border-t pt-4 text-center text-sm text-muted-foreground">
          <p>
            {t('signIn.noAccount')}{' '}
            <Link to="/register?role=customer" className="font-medium text-primary underline-offset-4 hover:underline">
              {t('signIn.createAccount')}
            </Link>
          </p>
          <p>
            {t('signIn.partners')}{' '}
            <Link to="/register?role=dealer" className="font-medium text-primary underline-offset-4 hover:underline">
              {t('register.roles.dealer')}
            </Link>{' '}
            ·{' '}
            <Link to="/register?role=contractor" className="font-medium text-primary underline-offset-4 hover:underline">
              {t('register.roles.contractor')}
            </Link>
          </p>
          <p>
            {t('signIn.guestOrder')}{' '}
            <Link to="/orders/lookup" className="font-medium text-primary underline-offset-4 hover:underline">
              {t('signIn.findOrder')}
            </Link>
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
