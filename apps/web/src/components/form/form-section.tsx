import type { ReactNode } from 'react';

export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 border-t pt-6 first:border-t-0 first:pt-0 sm:grid-cols-2">
      <legend className="mb-4 text-base font-semibold sm:col-span-2">{title}</legend>
      {children}
    </fieldset>
  );
}
