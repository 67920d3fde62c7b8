import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** A site page's record on its way (QueryState's `loading`): a spinner in the middle, named for screen readers. */
export function PageLoading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-16">
      <Spinner label={label} className="size-8" />
    </div>
  );
}

type FailureProps = {
  /** The page's title, as it would read with its record. */
  title: string;
  message: ReactNode;
  /** Where trying again may help (not on a 404): the button's words and what it does. */
  retry?: { label: string; onRetry: () => void };
  /** The column the state stands in, as wide as the page's own. */
  className?: string;
  /** The way on: back to the list, or to where a new link is asked for. */
  children: ReactNode;
};

/** A site page whose record could not be shown (QueryState's `notFound` and `failed`): its title, why, and the way on. */
export function PageFailure({ title, message, retry, className = 'mx-auto max-w-3xl px-4 py-10 sm:px-6', children }: FailureProps) {
  return (
    <div className={className}>
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <Alert variant="error" role="alert" className="mt-6">
        {message}
        {retry ? (
          <Button variant="link" size="inline" onClick={retry.onRetry}>
            {retry.label}
          </Button>
        ) : null}
      </Alert>
      {children}
    </div>
  );
}
