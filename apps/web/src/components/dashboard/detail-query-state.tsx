import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { Spinner } from '@/components/ui/spinner';
import { useErrorText } from '@/lib/error-text';
import { PageError, PageShell } from './page-shell';

type Props<T> = {
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isError' | 'refetch'>;
  /** The address names no record (an id that is not one): not found, without asking. */
  missing?: boolean;
  /** The page's title while its record loads or when it fails. */
  title: string;
  notFoundTitle: string;
  notFound: string;
  /** The way back to the list, under the not-found line. */
  back: ReactNode;
  children: (data: T) => ReactNode;
};

/** A dashboard record's page until its record is in: loading, not found (with the way back), failed (with a retry). */
export function DetailQueryState<T>({ query, missing, title, notFoundTitle, notFound, back, children }: Props<T>) {
  const { t } = useTranslation('dashboard');
  const errorText = useErrorText();
  return (
    <QueryState
      query={query}
      missing={missing}
      loading={
        <PageShell title={title}>
          <Spinner label={t('table.loading')} className="size-6" />
        </PageShell>
      }
      notFound={
        <PageShell title={notFoundTitle}>
          <div className="grid gap-4 rounded-xl border border-dashed bg-background p-6">
            <p className="text-muted-foreground">{notFound}</p>
            {back}
          </div>
        </PageShell>
      }
      failed={(error) => (
        <PageShell title={title}>
          <PageError message={errorText(error)} onRetry={() => void query.refetch()} />
        </PageShell>
      )}
    >
      {children}
    </QueryState>
  );
}
