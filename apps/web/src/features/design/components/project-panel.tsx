import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** A titled section of the project's page; its heading names the region for screen readers. */
export function ProjectPanel({ id, title, description, children, className }: { id: string; title: string; description?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={`${id}-title`} className={cn('min-w-0 rounded-xl border bg-card p-4 shadow-sm sm:p-5', className)}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
