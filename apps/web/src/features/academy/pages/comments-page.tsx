import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { MessageSquareReplyIcon } from 'lucide-react';
import type { CommentOut } from '@meltway/shared/academy/comment.schema';
import { deleteWithToast } from '@/components/admin/delete-with-toast';
import { RowActions } from '@/components/admin/row-actions';
import { useCrudDialogs } from '@/components/admin/use-crud-dialogs';
import { actionsColumn } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageShell } from '@/components/dashboard/page-shell';
import { formatDate } from '@/lib/format';
import { useComments, useDeleteComment } from '../api/comments';
import { useErrorText } from '@/lib/error-text';
import { ReplyDialog } from '../components/reply-dialog';

export default function CommentsPage() {
  const { t, i18n } = useTranslation(['academy', 'dashboard']);
  const errorText = useErrorText();
  const comments = useComments();
  const remove = useDeleteComment();
  const crud = useCrudDialogs<CommentOut>();
  const { edit, askDelete } = crud;
  const language = i18n.resolvedLanguage;

  const columns = useMemo<ColumnDef<CommentOut>[]>(
    () => [
      { accessorKey: 'courseTitle', header: t('comments.course'), meta: { label: t('comments.course') } },
      {
        id: 'lesson',
        accessorFn: (c) => c.lessonTitle ?? '',
        header: t('comments.lesson'),
        meta: { label: t('comments.lesson') },
        cell: ({ row }) => row.original.lessonTitle ?? <span className="text-muted-foreground">{t('comments.wholeCourse')}</span>,
      },
      { accessorKey: 'learnerName', header: t('comments.learner'), meta: { label: t('comments.learner') } },
      {
        accessorKey: 'comment',
        header: t('comments.comment'),
        meta: { label: t('comments.comment'), className: 'min-w-56 whitespace-normal' },
        enableSorting: false,
        cell: ({ row }) => <p className="line-clamp-4 whitespace-pre-line">{row.original.comment}</p>,
      },
      {
        id: 'reply',
        accessorFn: (c) => c.reply ?? '',
        header: t('comments.reply'),
        meta: { label: t('comments.reply'), className: 'min-w-56 whitespace-normal' },
        enableSorting: false,
        cell: ({ row }) =>
          row.original.reply ? (
            <p className="line-clamp-4 whitespace-pre-line">{row.original.reply}</p>
          ) : (
            <span className="text-muted-foreground">{t('comments.noReply')}</span>
          ),
      },
      {
        accessorKey: 'created_at',
        header: t('comments.date'),
        meta: { label: t('comments.date') },
        cell: ({ row }) => formatDate(row.original.created_at, language),
      },
      actionsColumn<CommentOut>(t('dashboard:table.actions'), (comment) => (
        <div className="flex items-center justify-end gap-1">
          <Button variant="outline" size="sm" onClick={() => edit(comment)} aria-label={t('comments.replyTo', { name: comment.learnerName })}>
            <MessageSquareReplyIcon aria-hidden />
            <span className="sr-only sm:not-sr-only">{t('comments.replyAction')}</span>
          </Button>
          <RowActions name={t('comments.commentBy', { name: comment.learnerName })} onDelete={() => askDelete(comment)} />
        </div>
      )),
    ],
    [t, language, edit, askDelete],
  );

  return (
    <PageShell title={t('dashboard:pages.comments')} description={t('comments.description')}>
      <DataTable
        label={t('dashboard:pages.comments')}
        columns={columns}
        data={comments.data}
        isLoading={comments.isPending}
        error={comments.error}
        onRetry={() => void comments.refetch()}
        getRowId={(c) => c.id}
        filterColumn="courseTitle"
        filterPlaceholder={t('comments.filter')}
        emptyMessage={comments.data?.length ? undefined : t('comments.empty')}
      />
      <ReplyDialog comment={crud.editing} onOpenChange={crud.formDialog.onOpenChange} />
      <ConfirmDialog
        {...crud.confirmDialog((comment) => deleteWithToast(remove, comment.id, t('messages.commentDeleted'), (error) => errorText(error, t('comments.deleteFailed'))))}
        title={t('comments.deleteTitle', { name: crud.deleting?.learnerName ?? '' })}
        description={t('comments.deleteDescription')}
        confirmLabel={t('actions.delete')}
      />
    </PageShell>
  );
}
