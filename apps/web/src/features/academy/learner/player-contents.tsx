import { useTranslation } from 'react-i18next';
import { CheckCircle2Icon, ChevronDownIcon, ListIcon } from 'lucide-react';
import type { LessonOut, SectionOut } from '@meltway/shared/academy/course.schema';
import { localized } from '@/lib/localized';
import { cn } from '@/lib/utils';
import { LessonIcon } from './lesson-icon';
import type { PlayerLesson } from './use-player';

type Props = {
  sections: SectionOut[];
  currentId: string | undefined;
  seen: ReadonlySet<string>;
  /** The section shown open; null: none. */
  shownSection: string | null | undefined;
  onOpenSection: (sectionId: string | null) => void;
  tocOpen: boolean;
  onToggleToc: () => void;
  onChoose: (lesson: PlayerLesson) => void;
};

/** The player's table of contents: a section at a time, each lesson with its type, duration and whether it was seen. */
export function PlayerContents({ sections, currentId, seen, shownSection, onOpenSection, tocOpen, onToggleToc, onChoose }: Props) {
  const { t } = useTranslation('lms');
  return (
    <nav aria-labelledby="toc-heading" className="rounded-xl border">
      <h2 id="toc-heading" className="text-lg font-semibold">
        {/* On a phone the contents fold under their heading; on a wide screen they are always shown. */}
        <button
          type="button"
          aria-expanded={tocOpen}
          aria-controls="toc-sections"
          onClick={onToggleToc}
          className="flex w-full items-center gap-2 rounded-xl px-4 py-3 text-left hover:bg-muted/60 focus-visible:outline-2 focus-visible:outline-ring lg:hidden"
        >
          <ListIcon className="size-5 shrink-0 text-primary" aria-hidden />
          <span className="flex-1">{t('player.toc')}</span>
          <ChevronDownIcon className={cn('size-4 shrink-0 transition-transform', tocOpen && 'rotate-180')} aria-hidden />
        </button>
        <span className="hidden border-b px-4 py-3 lg:block">{t('player.toc')}</span>
      </h2>
      <ul id="toc-sections" className={cn('border-t lg:block lg:border-t-0', !tocOpen && 'hidden')}>
        {sections.map((s) => {
          const open = shownSection === s.id;
          return (
            <li key={s.id} className="border-b last:border-b-0">
              <h3>
                <button
                  type="button"
                  aria-expanded={open}
                  aria-controls={`toc-${s.id}`}
                  onClick={() => onOpenSection(open ? null : s.id)}
                  className="flex w-full items-center gap-2 px-4 py-3 text-left text-sm font-semibold hover:bg-muted/60 focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <span className="min-w-0 flex-1 break-words">{localized(s.title, s.titleFr)}</span>
                  <ChevronDownIcon className={cn('size-4 shrink-0 transition-transform', open && 'rotate-180')} aria-hidden />
                </button>
              </h3>
              <ul id={`toc-${s.id}`} hidden={!open} className="pb-2">
                {s.lessons.map((l) => (
                  <li key={l.id}>
                    <ContentsLesson lesson={l} isCurrent={l.id === currentId} seen={seen.has(l.id)} onChoose={() => onChoose({ ...l, sectionId: s.id })} />
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function ContentsLesson({ lesson: l, isCurrent, seen, onChoose }: { lesson: LessonOut; isCurrent: boolean; seen: boolean; onChoose: () => void }) {
  const { t } = useTranslation('lms');
  return (
    <button
      type="button"
      onClick={onChoose}
      aria-current={isCurrent ? 'true' : undefined}
      className={cn('flex w-full items-center gap-2 px-4 py-2 text-left text-sm hover:bg-muted/60 focus-visible:outline-2 focus-visible:outline-ring', isCurrent && 'bg-secondary font-medium')}
    >
      <LessonIcon type={l.type} className="size-4 shrink-0 text-primary" />
      <span className="sr-only">{t(`player.type.${l.type}`)}:</span>
      <span className="min-w-0 flex-1 break-words">{localized(l.title, l.titleFr)}</span>
      {l.duration ? <span className="text-xs text-muted-foreground tabular-nums">{l.duration}</span> : null}
      {seen ? (
        <>
          <CheckCircle2Icon className="size-4 shrink-0 text-success" aria-hidden />
          <span className="sr-only">{t('player.seen')}</span>
        </>
      ) : null}
    </button>
  );
}
