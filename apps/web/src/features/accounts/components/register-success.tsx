import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CircleCheckIcon } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';

export function RegisterSuccess({ role }: { role: 'dealer' | 'contractor' }) {
  const { t } = useTranslation('accounts');
  return (
    <div className="grid justify-items-center gap-4 py-6 text-center">
      <CircleCheckIcon className="size-12 text-success" aria-hidden />
      <p role="status" className="max-w-md text-lg font-semibold">
        {t('register.success', { role: t(`register.roleNames.${role}`) })}
      </p>
      <p className="max-w-md text-sm text-muted-foreground">{t('register.successNext')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonVariants({ variant: 'outline' })}>
          {t('register.backHome')}
        </Link>
        <Link to="/login" className={buttonVariants()}>
          {t('signIn.title')}
        </Link>
      </div>
    </div>
  );
}
