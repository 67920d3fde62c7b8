import { cn } from '@/lib/utils';

/**
 * The Meltway wordmark with its heated-path mark; the word takes the text colour of its context and the
 * tile `--logo-tile`, so the mark stays visible on the navy footer.
 */
export function Logo({ className, title = 'Meltway' }: { className?: string; title?: string }) {
  return (
    <svg viewBox="0 0 168 36" role="img" aria-label={title} className={cn('w-auto', className ?? 'h-8')}>
      <rect x="1" y="2" width="32" height="32" rx="8" style={{ fill: 'var(--logo-tile, #0f2740)' }} />
      <path d="M7 23c3-6 6 0 10-6s6 0 10-6" fill="none" stroke="#f97316" strokeWidth="3" strokeLinecap="round" />
      <path d="M7 28h20" stroke="#7dd3fc" strokeWidth="2.5" strokeLinecap="round" />
      <text
        x="42"
        y="26"
        fontSize="22"
        fontWeight="700"
        letterSpacing="-0.5"
        fill="currentColor"
        style={{ fontFamily: 'var(--font-sans)' }}
      >
        Meltway
      </text>
    </svg>
  );
}
