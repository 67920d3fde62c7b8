import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { PlusIcon } from 'lucide-react';
import type { AssignmentListItem } from '@meltway/shared/academy/assignment.schema';
import { deleteWithToast } from '@/components/admin/delete-with-toast';
import { RowActions } from '@/components/admin/row-actions';
import { useCrudDialogs } from '@/components/admin/use-crud-dialogs';
import { actionsColumn } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageShell } from '@/components/dashboard/page-shell';
import { formatDate } from '@/lib/format';
import { useAssignments, useDeleteAssignment } from '../api/assignments';
import { useErrorText } from '@/lib/error-text';

export default function AssignmentsPage() {
  const { t, i18n } = useTranslation(['academy', 'dashboard']);
  const errorText = useErrorText();
  const navigate = useNavigate();
  const assignments = useAssignments();
  const remove = useDeleteAssignment();
  const crud = useCrudDialogs<AssignmentListItem>();
  const { askDelete } = crud;
  const language = i18n.resolvedLanguage;

  const columns = useMemo<ColumnDef<AssignmentListItem>[]>(
    () => [
      {
        accessorKey: 'title',
        header: t('assignments.title'),
        meta: { label: t('assignments.title') },
        cell: ({ row }) => (
          <Link to={`/dashboard/assignments/${row.original.id}`} className="font-medium hover:underline">
            {row.original.title}
          </Link>
        ),
      },
      { accessorKey: 'questionCount', header: t('assignments.questions'), meta: { label: t('assignments.questions') } },
      { accessorKey: 'lessonCount', header: t('assignments.usedIn'), meta: { label: t('assignments.usedIn') } },
      {
        accessorKey: 'updated_at',
        header: t('fields.updated'),
        meta: { label: t('fields.updated') },
        cell: ({ row }) => formatDate(row.original.updated_at, language),
      },
      actionsColumn<AssignmentListItem>(t('dashboard:table.actions'), (assignment) => (
        <RowActions name={assignment.title} onEdit={() => void navigate(`/dashboard/assignments/${assignment.id}`)} onDelete={() => askDelete(assignment)} />
      )),
    ],
    [t, language, navigate, askDelete],
  );

  return (
    <PageShell
      title={t('dashboard:pages.assignments')}
      description={t('assignments.description')}
      actions={
        <Button asChild>
          <Link to="/dashboard/assignments/add">
            <PlusIcon aria-hidden />
            {t('dashboard:pages.addAssignment')}
          </Link>
        </Button>
      }
    >
      <DataTable
        label={t('dashboard:pages.assignments')}
        columns={columns}
        data={assignments.data}
        isLoading={assignments.isPending}
        error={assignments.error}
        onRetry={() => void assignments.refetch()}
        getRowId={(a) => a.id}
        filterColumn="title"
        filterPlaceholder={t('assignments.filter')}
        emptyMessage={assignments.data?.length ? undefined : t('assignments.empty')}
      />
      <ConfirmDialog
        {...crud.confirmDialog((assignment) => deleteWithToast(remove, assignment.id, t('assignments.deleted', { title: assignment.title }), (error) => errorText(error, t('assignments.deleteFailed'))))}
        title={t('assignments.deleteTitle', { title: crud.deleting?.title ?? '' })}
        description={t('assignments.deleteDescription')}
        confirmLabel={t('actions.delete')}
      />
    </PageShell>
  );
}
