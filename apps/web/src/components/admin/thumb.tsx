import { ImageIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

/** A small square picture in a table row; decorative, since the row's name says what it is. */
export function Thumb({ src, className }: { src: string | null | undefined; className?: string }) {
  return src ? (
    <img src={src} alt="" loading="lazy" className={cn('size-10 max-w-none shrink-0 rounded border bg-background object-contain', className)} />
  ) : (
    <span className={cn('flex size-10 shrink-0 items-center justify-center rounded border bg-muted text-muted-foreground', className)}>
      <ImageIcon className="size-4" aria-hidden />
    </span>
  );
}
