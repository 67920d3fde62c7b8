import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextareaField } from '@/components/ui/textarea';
import { errorText } from '@/lib/error-text';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useAskQuestion, useQuestions } from './learning-api';

/** Under a lesson: the learner asks a question and reads their questions with the staff's replies. */
export function Questions({ courseId, lessonId }: { courseId: string; lessonId: string }) {
  const { t, i18n } = useTranslation(['lms', 'academy', 'common']);
  const questions = useQuestions(courseId, lessonId);
  const ask = useAskQuestion(courseId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError(t('academy:messages.commentRequired'));
      return;
    }
    ask.mutate(
      { comment: text.trim(), lessonId },
      {
        onSuccess: () => {
          setText('');
          setError(undefined);
          notify.success(t('questions.sent'));
        },
        onError: (err) => setError(errorText(t, err, t('questions.failed'))),
      },
    );
  };

  return (
    <section aria-labelledby="questions-heading" className="rounded-xl border p-4 sm:p-5">
      <h2 id="questions-heading" className="text-lg font-semibold">
        {t('questions.title')}
      </h2>
      <form onSubmit={submit} className="mt-3 grid gap-3" noValidate>
        <TextareaField
          id="question-text"
          label={t('questions.label')}
          value={text}
          rows={3}
          maxLength={5000}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(undefined);
          }}
          error={error}
        />
        <div>
          <Button type="submit" disabled={ask.isPending}>
            {ask.isPending ? <Spinner /> : null}
            {t('questions.send')}
          </Button>
        </div>
      </form>
      {questions.isPending ? (
        <div className="mt-4">
          <Spinner label={t('questions.loading')} />
        </div>
      ) : questions.isError ? (
        <p role="alert" className="mt-4 text-sm text-destructive">
          {errorText(t, questions.error, t('questions.loadFailed'))}
        </p>
      ) : questions.data.length === 0 ? (
        <p className="mt-4 text-sm text-muted-foreground">{t('questions.empty')}</p>
      ) : (
        <ul className="mt-4 grid gap-3" aria-label={t('questions.yours')}>
          {questions.data.map((q) => (
            <li key={q.id} className="rounded-lg bg-muted/50 p-3 text-sm">
              <p className="break-words whitespace-pre-line">{q.comment}</p>
              <p className="mt-1 text-xs text-muted-foreground">{formatDate(q.created_at, i18n.language)}</p>
              {q.reply ? (
                <div className="mt-2 border-l-2 border-primary pl-3">
                  <p className="text-xs font-semibold">{t('questions.replyFrom', { name: q.repliedBy ?? t('questions.staff') })}</p>
                  <p className="break-words whitespace-pre-line">{q.reply}</p>
                </div>
              ) : (
                <p className="mt-2 text-xs text-muted-foreground italic">{t('questions.awaiting')}</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
