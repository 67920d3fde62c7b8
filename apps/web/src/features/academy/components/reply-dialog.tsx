import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ReplyInput, type CommentOut } from '@meltway/shared/academy/comment.schema';
import { SubmitButton } from '@/components/admin/form-actions';
import { FormDialog } from '@/components/admin/form-dialog';
import { TextareaField } from '@/components/ui/textarea';
import { notify } from '@/lib/notify';
import { useSchemaForm } from '@/lib/use-schema-form';
import { errorText, useServerIssues } from '@/lib/error-text';
import { useFieldText } from '@/lib/field-text';
import { useReply } from '../api/comments';

/** Answers a learner's comment or question; an empty reply is refused before it is sent. */
export function ReplyDialog({ comment, onOpenChange }: { comment: CommentOut | null; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('academy');
  return (
    <FormDialog
      open={!!comment}
      onOpenChange={onOpenChange}
      className="max-w-lg"
      title={t('comments.replyTitle', { name: comment?.learnerName ?? '' })}
      description={comment ? t('comments.replyDescription', { course: comment.courseTitle }) : null}
    >
      {(done) =>
        comment ? (
          <>
            <blockquote className="rounded-md border-l-4 border-primary bg-muted/50 p-3 text-sm whitespace-pre-line">{comment.comment}</blockquote>
            <ReplyForm comment={comment} onDone={done} />
          </>
        ) : null
      }
    </FormDialog>
  );
}

function ReplyForm({ comment, onDone }: { comment: CommentOut; onDone: () => void }) {
  const { t } = useTranslation(['academy', 'common']);
  const message = useFieldText();
  const showServerIssues = useServerIssues();
  const uid = useId();
  const reply = useReply();
  const form = useSchemaForm(ReplyInput, { comment: comment.reply ?? '' });
  const {
    register,
    setError,
    handleSubmit,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await reply.mutateAsync({ id: comment.id, input: values });
      notify.success(t('messages.replySaved'));
      onDone();
    } catch (error) {
      if (!showServerIssues(error, setError, { fields: ['comment'] })) notify.error(errorText(t, error));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <TextareaField id={`${uid}-reply`} label={t('comments.reply')} error={message(errors.comment?.message)} {...register('comment')} />
      <SubmitButton pending={reply.isPending}>{t('comments.sendReply')}</SubmitButton>
    </form>
  );
}
