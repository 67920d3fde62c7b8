import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { MessageSquareReplyIcon } from 'lucide-react';
import type { CommentOut } from '@meltway/shared/academy/comment.schema';
import { academyMessages } from '@meltway/shared/academy/messages';
import { DataTable } from '@/components/data-table/data-table';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/features/accounts/components/confirm-dialog';
import { PageShell } from '@/features/dashboard/components/page-shell';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useComments, useDeleteComment } from '../api/comments';
import { useAcademyMessage } from '../components/academy-text';
import { deleteFailure } from '../components/delete-failure';
import { ReplyDialog } from '../components/reply-dialog';
import { RowActions } from '../components/row-actions';

export default function CommentsPage() {
  const { t, i18n } = useTranslation(['academy', 'dashboard']);
  const message = useAcademyMessage();
  const comments = useComments();
  const remove = useDeleteComment();
  const [replying, setReplying] = useState<CommentOut | null>(null);
  const [deleting, setDeleting] = useState<CommentOut | null>(null);
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
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('dashboard:table.actions')}</span>,
        enableHiding: false,
        cell: ({ row }) => (
          <div className="flex items-center justify-end gap-1">
            <Button variant="outline" size="sm" onClick={() => setReplying(row.original)} aria-label={t('comments.replyTo', { name: row.original.learnerName })}>
              <MessageSquareReplyIcon aria-hidden />
              {t('comments.replyAction')}
            </Button>
            <RowActions name={t('comments.commentBy', { name: row.original.learnerName })} onDelete={() => setDeleting(row.original)} />
          </div>
        ),
      },
    ],
    [t, language],
  );

  const confirmDelete = () => {
    const comment = deleting;
    if (!comment) return;
    remove.mutate(comment.id, {
      onSuccess: () => notify.success(message(academyMessages.commentDeleted)!),
      onError: (error) => notify.error(deleteFailure(error, message, t('comments.deleteFailed'))),
    });
  };

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
      <ReplyDialog comment={replying} onOpenChange={(open) => !open && setReplying(null)} />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('comments.deleteTitle', { name: deleting?.learnerName ?? '' })}
        description={t('comments.deleteDescription')}
        confirmLabel={t('actions.delete')}
        onConfirm={confirmDelete}
      />
    </PageShell>
  );
}
