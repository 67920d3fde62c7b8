import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useDocumentTitle } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';
import { ContractorRegisterForm } from '../components/contractor-register-form';
import { CustomerRegisterForm } from '../components/customer-register-form';
import { DealerRegisterForm } from '../components/dealer-register-form';

const ROLES = ['dealer', 'contractor', 'customer'] as const;
type RegisterRole = (typeof ROLES)[number];

function registerRole(value: string | null): RegisterRole {
  return ROLES.includes(value as RegisterRole) ? (value as RegisterRole) : 'dealer';
}

export default function RegisterPage() {
  const { t } = useTranslation('accounts');
  const [params] = useSearchParams();
  const role = registerRole(params.get('role'));
  useDocumentTitle(t(`register.titles.${role}`));

  return (
    <Card className={cn('h-fit w-full', role === 'customer' ? 'max-w-md' : 'max-w-3xl')}>
      <CardHeader>
        <nav aria-label={t('register.chooseRole')} className="mb-3">
          <ul className="grid grid-cols-3 gap-1 rounded-lg bg-muted p-1">
            {ROLES.map((r) => (
              <li key={r} className="min-w-0">
                <Link
                  to={`/register?role=${r}`}
                  replace
                  aria-current={r === role ? 'page' : undefined}
                  className={cn(
                    'flex h-full items-center justify-center rounded-md px-1.5 py-2 text-center text-xs font-medium break-words transition-colors hover:text-foreground sm:px-3 sm:text-sm',
                    r === role ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground',
                  )}
                >
                  {t(`register.roles.${r}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="grid gap-1.5">
          <CardTitle as="h1">{t(`register.titles.${role}`)}</CardTitle>
          <CardDescription>{t(`register.intros.${role}`)}</CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        {role === 'dealer' ? <DealerRegisterForm key="dealer" /> : null}
        {role === 'contractor' ? <ContractorRegisterForm key="contractor" /> : null}
        {role === 'customer' ? <CustomerRegisterForm key="customer" /> : null}
        <p className="mt-6 border-t pt-4 text-center text-sm text-muted-foreground">
          {t('register.haveAccount')}{' '}
          <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            {t('signIn.title')}
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}
