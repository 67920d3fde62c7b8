import type { ReactNode } from 'react';

/** One fact of a dashboard record (inside a `<dl>`): its label over its value, a dash when there is none. */
export function DetailItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children === null || children === undefined || children === '' ? '—' : children}</dd>
    </div>
  );
}
