import { useState, type ComponentProps } from 'react';
import { cn } from '@/lib/utils';

function initials(name: string | null | undefined) {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]?.[0], parts.at(-1)?.[0]] : [parts[0]?.[0]];
  return letters.join('').toUpperCase() || '?';
}

const sizes = { sm: 'size-8 text-xs', md: 'size-9 text-sm', lg: 'size-11 text-base', xl: 'size-14 text-lg' } as const;

type AvatarProps = ComponentProps<'span'> & { name?: string | null; src?: string | null; size?: keyof typeof sizes };

/** A plain avatar: the image when there is one (and it loads), otherwise initials. Decorative next to a visible name. */
export function Avatar({ name, src, size = 'md', className, ...props }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <span
      className={cn(
        'relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-secondary font-semibold text-secondary-foreground',
        sizes[size],
        className,
      )}
      {...props}
    >
      {src && failed !== src ? (
        <img src={src} alt="" className="size-full object-cover" onError={() => setFailed(src)} />
      ) : (
        <span aria-hidden>{initials(name)}</span>
      )}
    </span>
  );
}
