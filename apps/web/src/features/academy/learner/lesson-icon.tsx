import { CircleHelpIcon, FileTextIcon, ListChecksIcon, PlayCircleIcon } from 'lucide-react';
import type { LessonOut } from '@meltway/shared/academy/course.schema';

/** The icon of a lesson's type (video, pdf, assignment; anything else: other). */
export function LessonIcon({ type, className }: { type: LessonOut['type'] | string; className?: string }) {
  const Icon = type === 'video' ? PlayCircleIcon : type === 'pdf' ? FileTextIcon : type === 'assignment' ? ListChecksIcon : CircleHelpIcon;
  return <Icon className={className ?? 'size-4 shrink-0'} aria-hidden />;
}
