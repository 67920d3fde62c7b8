import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronRightIcon, FileSpreadsheetIcon, PaperclipIcon } from 'lucide-react';
import { SUBMISSION_EXTENSIONS } from '@meltway/shared/academy/limits';
import type { SubmissionOut } from '@meltway/shared/academy/learning.schema';
import { SelectField } from '@/components/form/select-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useErrorText } from '@/lib/error-text';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useMySubmissions, useSubmitFile } from '../api/learning';
import { useMyCourses } from './learning-api';
import { spreadsheetProblem } from './file-check';

/** /lms/assignment: SPEC.md §2's file assignment, handed in for real, with the learner's submissions and their grades. */
export default function FileAssignmentPage() {
  const { t } = useTranslation('assignments');
  useDocumentTitle(t('file.documentTitle'));
  const prompts = t('file.prompts', { returnObjects: true }) as unknown;
  return (
    <div className="mx-auto grid max-w-4xl gap-8 px-4 py-8 sm:px-6">
      <nav aria-label={t('file.breadcrumb')}>
        <ol className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
          <li>
            <Link to="/lms" className="underline-offset-4 hover:underline">
              {t('file.academy')}
            </Link>
          </li>
          <li aria-hidden>
            <ChevronRightIcon className="size-4" />
          </li>
          <li aria-current="page" className="font-medium text-foreground">
            {t('file.current')}
          </li>
        </ol>
      </nav>
      <header className="grid gap-2">
        <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{t('file.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('file.due')}</p>
      </header>
      <section aria-labelledby="instructions-heading" className="grid gap-3">
        <h2 id="instructions-heading" className="text-lg font-semibold">
          {t('file.instructions')}
        </h2>
        <ol className="ml-5 grid list-decimal gap-2">
          {(Array.isArray(prompts) ? (prompts as string[]) : []).map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ol>
      </section>
      <SubmitForm />
      <MySubmissions />
    </div>
  );
}

function SubmitForm() {
  const { t } = useTranslation(['assignments', 'academy']);
  const errorText = useErrorText();
  const uid = useId();
  const courses = useMyCourses();
  const submit = useSubmitFile();
  const input = useRef<HTMLInputElement>(null);
  const [courseId, setCourseId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [courseError, setCourseError] = useState<string>();
  const [fileError, setFileError] = useState<string>();

  const options = (courses.data ?? []).map((c) => ({ value: c.courseId, label: c.courseTitle }));
  const chosenCourse = courseId || (options.length === 1 ? options[0]!.value : '');

  const clear = () => {
    setFile(null);
    setFileError(undefined);
    if (input.current) input.current.value = '';
  };

  const pick = (next: File | undefined) => {
    setFileError(undefined);
    if (!next) return setFile(null);
    const problem = spreadsheetProblem(next);
    setFile(next);
    if (problem) setFileError(t(`academy:messages.${problem}`));
  };

  const send = async () => {
    let bad = false;
    if (!chosenCourse) {
      setCourseError(t('academy:messages.courseRequired'));
      bad = true;
    }
    if (!file) {
      setFileError(t('academy:messages.submissionFileRequired'));
      bad = true;
    } else if (spreadsheetProblem(file)) bad = true;
    if (bad || !file) return;
    try {
      const made = await submit.mutateAsync({ courseId: chosenCourse, file });
      notify.success(t('file.sent', { name: made.fileName }));
      clear();
    } catch (error) {
      setFileError(errorText(error, t('file.sendFailed')));
    }
  };

  if (courses.isPending) return <Spinner label={t('file.loading')} className="size-6" />;
  if (courses.isError) {
    return (
      <Alert variant="error" className="flex-wrap items-center">
        <span>{t('file.loadFailed')}</span>
        <Button variant="outline" size="sm" onClick={() => void courses.refetch()}>
          {t('file.retry')}
        </Button>
      </Alert>
    );
  }
  if (!options.length) {
    return (
      <Alert variant="info" className="flex-wrap items-center">
        <span>{t('file.noCourses')}</span>
        <Link to="/lms" className="font-medium underline underline-offset-4">
          {t('file.browseCourses')}
        </Link>
      </Alert>
    );
  }

  const fileId = `${uid}-file`;
  return (
    <form
      noValidate
      className="grid gap-5 rounded-xl border bg-card p-4 shadow-sm sm:p-6"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <SelectField
        id={`${uid}-course`}
        label={t('file.course')}
        placeholder={options.length > 1 ? t('file.chooseCourse') : undefined}
        options={options}
        value={chosenCourse}
        error={courseError}
        onChange={(event) => {
          setCourseId(event.target.value);
          setCourseError(undefined);
        }}
      />
      <div className="grid gap-2">
        <span id={`${fileId}-label`} className="text-sm font-medium">
          {t('file.fileLabel')}
        </span>
        <input
          ref={input}
          id={fileId}
          type="file"
          accept={SUBMISSION_EXTENSIONS.join(',')}
          className="sr-only"
          aria-labelledby={`${fileId}-label ${fileId}-button`}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={fileError ? `${fileId}-error` : undefined}
          onChange={(event) => pick(event.target.files?.[0])}
        />
        <label
          id={`${fileId}-button`}
          htmlFor={fileId}
          className="flex min-h-11 max-w-full cursor-pointer items-center gap-2 justify-self-start rounded-md border border-dashed px-4 py-2 text-sm font-medium hover:bg-muted [input:focus-visible+&]:ring-2 [input:focus-visible+&]:ring-ring"
        >
          {file ? <FileSpreadsheetIcon className="size-4 shrink-0" aria-hidden /> : <PaperclipIcon className="size-4 shrink-0" aria-hidden />}
          <span className="min-w-0 truncate">{file ? file.name : t('file.addFile')}</span>
        </label>
        {fileError ? (
          <p id={`${fileId}-error`} role="alert" className="text-sm text-destructive">
            {fileError}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={clear} disabled={submit.isPending}>
          {t('file.cancel')}
        </Button>
        <Button type="submit" disabled={submit.isPending}>
          {submit.isPending ? <Spinner /> : null}
          {submit.isPending ? t('file.sending') : t('file.submit')}
        </Button>
      </div>
    </form>
  );
}

function MySubmissions() {
  const { t } = useTranslation('assignments');
  const submissions = useMySubmissions();
  return (
    <section aria-labelledby="mine-heading" className="grid gap-3">
      <h2 id="mine-heading" className="text-lg font-semibold">
        {t('file.mine')}
      </h2>
      {submissions.isPending ? (
        <Spinner label={t('file.loading')} className="size-6" />
      ) : submissions.isError ? (
        <Alert variant="error" className="flex-wrap items-center">
          <span>{t('file.loadFailed')}</span>
          <Button variant="outline" size="sm" onClick={() => void submissions.refetch()}>
            {t('file.retry')}
          </Button>
        </Alert>
      ) : submissions.data.items.length === 0 ? (
        <p className="text-muted-foreground">{t('file.none')}</p>
      ) : (
        <ul className="grid gap-3">
          {submissions.data.items.map((s) => (
            <SubmissionItem key={s.id} submission={s} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SubmissionItem({ submission: s }: { submission: SubmissionOut }) {
  const { t, i18n } = useTranslation('assignments');
  return (
    <li className="grid gap-1 rounded-lg border bg-card p-4" aria-label={s.fileName}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="min-w-0 font-medium break-all">{s.fileName}</p>
        <p className={s.grade === null ? 'text-sm text-muted-foreground' : 'text-sm font-semibold'}>
          {s.grade === null ? t('file.notGraded') : t('file.grade', { grade: s.grade })}
        </p>
      </div>
      <p className="text-sm text-muted-foreground">
        {s.courseTitle} · {t('file.handedIn', { date: formatDate(s.created_at, i18n.resolvedLanguage) })}
      </p>
      {s.gradeComment ? (
        <div className="mt-2 rounded-md bg-muted/60 p-3 text-sm">
          <p className="font-medium">{t('file.comment')}</p>
          <p className="whitespace-pre-line break-words">{s.gradeComment}</p>
        </div>
      ) : null}
    </li>
  );
}
