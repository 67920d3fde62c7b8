import { Link } from 'react-router';
import { GraduationCapIcon } from 'lucide-react';
import { pictureLoading } from '@/lib/picture-loading';

/** A course in a grid: its cover (or a drawn placeholder), title and description; the whole card opens the course. */
export function CourseCard({ to, title, description, cover, position, children }: { to: string; title: string; description: string; cover: string | null; /** Its place in a grid: the first covers load at once. */ position?: number; children?: React.ReactNode }) {
  return (
    <li className="group relative flex min-w-0 flex-col overflow-hidden rounded-xl border bg-card shadow-xs transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
      {cover ? (
        <img src={cover} alt="" {...pictureLoading(position)} className="aspect-video w-full object-cover" />
      ) : (
        <div className="flex aspect-video w-full items-center justify-center bg-secondary text-primary" aria-hidden>
          <GraduationCapIcon className="size-10" />
        </div>
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="text-base leading-snug font-semibold break-words">
          <Link to={to} className="outline-none after:absolute after:inset-0 after:content-['']">
            {title}
          </Link>
        </h3>
        <p className="line-clamp-3 text-sm break-words text-muted-foreground">{description}</p>
        {children}
      </div>
    </li>
  );
}
