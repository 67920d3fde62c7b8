import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** One numbered step of the checkout page; `children` gets the heading's id to name a group by it. */
export function CheckoutSection({
  step,
  title,
  className,
  children,
}: {
  step: number;
  title: string;
  className?: string;
  children: (headingId: string) => ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cn('rounded-xl border bg-card p-5 shadow-sm sm:p-6', className)}>
      <h2 id={id} className="flex items-center gap-3 text-lg font-semibold">
        <span aria-hidden className="flex size-7 shrink-0 items-center justify-center rounded-full bg-secondary text-sm font-semibold text-primary">
          {step}
        </span>
        {title}
      </h2>
      <div className="mt-4 grid gap-4">{children(id)}</div>
    </section>
  );
}

/** A choice of a radio group drawn as a card: the whole card is the label, the radio stays the control. */
export function ChoiceCard({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-lg border p-4 transition-colors hover:bg-accent/50 has-[:checked]:border-primary has-[:checked]:bg-secondary/60 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
        className,
      )}
    >
      {children}
    </label>
  );
}

export const radioClasses = 'mt-0.5 size-4 shrink-0 accent-primary focus-visible:outline-none';
