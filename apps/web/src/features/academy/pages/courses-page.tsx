import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { ExternalLinkIcon, MoreHorizontalIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import type { CourseListItem } from '@meltway/shared/academy/course.schema';
import { deleteWithToast } from '@/components/admin/delete-with-toast';
import { FrenchMissing } from '@/components/admin/french-missing';
import { useCrudDialogs } from '@/components/admin/use-crud-dialogs';
import { DataTable } from '@/components/data-table/data-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Spinner } from '@/components/ui/spinner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageShell } from '@/components/dashboard/page-shell';
import { useCourses, useDeleteCourse } from '../api/courses';
import { useErrorText } from '@/lib/error-text';
import { lacksFrench } from '@/lib/localized';
import { clip } from '../components/clip';

/** SPEC's Course Management: every course, draft or published, with Edit, View Details and Delete. */
export default function CoursesPage() {
  const { t } = useTranslation(['academy', 'dashboard']);
  const errorText = useErrorText();
  const navigate = useNavigate();
  const courses = useCourses();
  const remove = useDeleteCourse();
  const crud = useCrudDialogs<CourseListItem>();
  const { askDelete } = crud;

  const columns = useMemo<ColumnDef<CourseListItem>[]>(
    () => [
      {
        accessorKey: 'id',
        header: t('courses.id'),
        meta: { label: t('courses.id') },
        enableSorting: false,
        cell: ({ row }) => (
          <span className="font-mono text-xs text-muted-foreground" title={row.original.id}>
            {row.original.id.slice(0, 8)}
          </span>
        ),
      },
      {
        accessorKey: 'courseTitle',
        header: t('courses.title'),
        meta: { label: t('courses.title') },
        cell: ({ row }) => (
          <span className="flex flex-wrap items-center gap-2">
            <Link to={`/dashboard/courses/${row.original.id}`} className="font-medium hover:underline">
              {row.original.courseTitle}
            </Link>
            {lacksFrench([row.original.courseTitle, row.original.courseTitleFr], [row.original.description, row.original.descriptionFr]) ? <FrenchMissing /> : null}
          </span>
        ),
      },
      {
        accessorKey: 'description',
        header: t('fields.description'),
        meta: { label: t('fields.description') },
        enableSorting: false,
        cell: ({ row }) => <span className="text-muted-foreground">{clip(row.original.description, 50)}</span>,
      },
      {
        accessorKey: 'status',
        header: t('courses.status'),
        meta: { label: t('courses.status'), csv: (c) => t(`courses.statuses.${c.status}`) },
        cell: ({ row }) => (
          <Badge variant={row.original.status === 'published' ? 'success' : 'muted'}>{t(`courses.statuses.${row.original.status}`)}</Badge>
        ),
      },
      {
        id: 'actions',
        header: t('dashboard:table.actions'),
        enableHiding: false,
        cell: ({ row }) => (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon" className="size-8" aria-label={t('courses.actionsFor', { title: row.original.courseTitle })}>
                <MoreHorizontalIcon aria-hidden />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem onSelect={() => void navigate(`/dashboard/courses/${row.original.id}`)}>
                <PencilIcon aria-hidden />
                {t('actions.edit')}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => void navigate(`/lms/courses/${row.original.id}`)}>
                <ExternalLinkIcon aria-hidden />
                {t('courses.viewDetails')}
              </DropdownMenuItem>
              <DropdownMenuSeparator />
              <DropdownMenuItem className="text-destructive focus:text-destructive" onSelect={() => askDelete(row.original)}>
                <Trash2Icon aria-hidden />
                {t('actions.delete')}
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        ),
      },
    ],
    [t, navigate, askDelete],
  );

  return (
    <PageShell
      title={t('dashboard:pages.courses')}
      description={
        <span className="inline-flex items-center gap-2">
          {t('courses.description')}
          {courses.isFetching ? <Spinner label={t('loading')} /> : null}
        </span>
      }
      actions={
        <Button asChild>
          <Link to="/dashboard/courses/add">
            <PlusIcon aria-hidden />
            {t('dashboard:pages.addCourse')}
          </Link>
        </Button>
      }
    >
      <DataTable
        label={t('dashboard:pages.courses')}
        columns={columns}
        data={courses.data}
        isLoading={courses.isPending}
        error={courses.error}
        onRetry={() => void courses.refetch()}
        getRowId={(c) => c.id}
        filterColumn="courseTitle"
        filterPlaceholder={t('courses.filter')}
        exportName="courses"
        emptyMessage={courses.data?.length ? undefined : t('courses.empty')}
      />
      <ConfirmDialog
        {...crud.confirmDialog((course) => deleteWithToast(remove, course.id, t('courses.deleted', { title: course.courseTitle }), (error) => errorText(error, t('courses.deleteFailed'))))}
        title={t('courses.deleteTitle', { title: crud.deleting?.courseTitle ?? '' })}
        description={t('courses.deleteDescription')}
        confirmLabel={t('actions.delete')}
      />
    </PageShell>
  );
}
