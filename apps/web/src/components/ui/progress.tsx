import type { ComponentProps } from 'react';

/** A bar filled to `percent` (0 to 100), announced as a progress bar; name it with aria-label or aria-labelledby. */
export function ProgressBar({ percent, ...props }: { percent: number } & Pick<ComponentProps<'div'>, 'aria-label' | 'aria-labelledby'>) {
  return (
    <div role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 overflow-hidden rounded-full bg-muted" {...props}>
      <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}
