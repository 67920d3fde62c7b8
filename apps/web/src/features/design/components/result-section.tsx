import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** One part of the result (plan, heat flux, circuits...): a headed region the reader can jump between. */
export function ResultSection({ title, description, action, className, children }: { title: string; description?: ReactNode; action?: ReactNode; className?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cn('rounded-xl border bg-card p-4 shadow-sm sm:p-6', className)}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <h2 id={id} className="text-lg font-semibold tracking-tight">
            {title}
          </h2>
          {description ? <div className="text-sm text-muted-foreground">{description}</div> : null}
        </div>
        {action}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** The first cell of a result table's row, naming it for screen readers. */
export function RowHeader({ className, ...props }: ComponentProps<'th'>) {
  return <th scope="row" className={cn('px-3 py-2.5 text-left align-middle font-medium', className)} {...props} />;
}

/** A result's table, scrolled sideways on a narrow screen; the scroller takes the focus so the keyboard can scroll it too. */
export function ResultTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="group" aria-label={label} tabIndex={0} className="relative w-full overflow-x-auto rounded-sm focus-visible:outline-2 focus-visible:outline-ring">
      <table className="w-full caption-bottom text-sm">{children}</table>
    </div>
  );
}
