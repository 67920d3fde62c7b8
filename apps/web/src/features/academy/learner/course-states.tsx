import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** A course page's course on its way: a spinner and a line that says so. */
export function CourseLoading({ label }: { label: string }) {
  return (
    <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-16 sm:px-6" role="status">
      <Spinner />
      <p>{label}</p>
    </div>
  );
}

/** A course page that cannot show its course (not there, or not loaded): why, and the way back to the catalogue. */
export function CourseUnavailable({ title, message }: { title: string; message: string }) {
  const { t } = useTranslation('lms');
  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p role="alert" className="mt-3 text-muted-foreground">
        {message}
      </p>
      <Link to="/lms" className={buttonVariants({ variant: 'outline', className: 'mt-6' })}>
        {t('course.backToCatalogue')}
      </Link>
    </div>
  );
}
