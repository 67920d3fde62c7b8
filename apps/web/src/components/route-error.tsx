import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TakenOver } from '@/lib/taken-over';

/** Last resort for a page that failed to render or whose code failed to load (often after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (error) console.error(error);
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-bold">{t('messages.generic')}</h1>
      <p className="text-muted-foreground">{t('errors.reloadHint')}</p>
      <Button onClick={() => window.location.reload()}>{t('actions.reload')}</Button>
      {/* A page that failed while it was being taken over leaves its mark: the reload button must answer. */}
      <TakenOver />
    </main>
  );
}
