import type { ReactNode } from 'react';
import { AlertTriangleIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';

type Props = {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
};

/** A dashboard page: its heading (also the document title), a line about it, actions, then content. */
export function PageShell({ title, description, actions, className, children }: Props) {
  useDocumentTitle(title);
  return (
    <section className={cn('mx-auto grid w-full max-w-6xl gap-6 px-4 pt-3 pb-10 sm:px-6 [&>*]:min-w-0', className)}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

/** Shown in place of a page whose data could not load. */
export function PageError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-destructive/30 bg-destructive/5 p-6">
      <div className="flex items-center gap-2 font-semibold text-destructive">
        <AlertTriangleIcon className="size-5" aria-hidden />
        {message}
      </div>
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry}>
          {t('table.retry')}
        </Button>
      ) : null}
    </div>
  );
}
