import { useTranslation } from 'react-i18next';
import { ConstructionIcon } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { formatDate } from '@/lib/format';
import { useCurrentUser } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function DashboardHomePage() {
  const { t, i18n } = useTranslation(['dashboard', 'common']);
  const user = useCurrentUser();
  useDocumentTitle(t('pages.dashboard'));
  if (!user) return null;
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{t('pages.dashboard')}</h1>
      <div className="mt-6 flex flex-col gap-4 rounded-xl border bg-card p-6 shadow-sm sm:flex-row sm:items-center">
        <Avatar name={user.fullname} src={user.logo ?? user.image} size="xl" />
        <div className="min-w-0">
          <p className="text-lg font-semibold">{t('home.welcome', { name: user.fullname })}</p>
          <p className="text-sm text-muted-foreground">
            {t(`common:roles.${user.role}`)} · {user.email}
          </p>
          {user.created_at ? (
            <p className="text-sm text-muted-foreground">
              {t('home.memberSince', { date: formatDate(user.created_at, i18n.resolvedLanguage) })}
            </p>
          ) : null}
        </div>
      </div>
      <div className="mt-6 flex flex-col items-start gap-4 rounded-xl border border-dashed bg-background p-6 sm:flex-row sm:items-center">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-ember-soft text-ember">
          <ConstructionIcon className="size-6" aria-hidden />
        </span>
        <div className="grid gap-1">
          <p className="font-semibold">{t('common:notAvailable.title')}</p>
          <p className="text-sm text-muted-foreground">{t('home.overviewSoon')}</p>
        </div>
      </div>
    </section>
  );
}
