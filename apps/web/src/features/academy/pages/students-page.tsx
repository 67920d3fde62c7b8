import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlusIcon } from 'lucide-react';
import type { StudentOut } from '@meltway/shared/academy/learning.schema';
import { deleteWithToast } from '@/components/admin/delete-with-toast';
import { useCrudDialogs } from '@/components/admin/use-crud-dialogs';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageShell } from '@/components/dashboard/page-shell';
import { DataTable, type PageRequest } from '@/components/data-table/data-table';
import { SelectFilter } from '@/components/data-table/select-filter';
import { useTableUrlState } from '@/components/data-table/table-url-state';
import { Button } from '@/components/ui/button';
import { useErrorText } from '@/lib/error-text';
import { useCurrentUser } from '@/lib/session';
import { academyKeys } from '../api/academy-keys';
import { useCourses } from '../api/courses';
import { fetchStudentsPage, useRemoveStudent } from '../api/students';
import { AddStudentDialog } from '../components/add-student-dialog';
import { StudentAttemptsDialog } from '../components/student-attempts-dialog';
import { studentColumns, studentNameIn } from '../components/student-columns';

/**
 * Students Management (SPEC.md §2): every enrolment with its learner's real progress, last activity and
 * quiz figures, each row's quiz attempts in a dialog. Admins add and remove students; a dealer reads its own
 * contractors' rows.
 */
export default function StudentsPage() {
  const { t, i18n } = useTranslation(['learners', 'dashboard']);
  const language = i18n.resolvedLanguage;
  const errorText = useErrorText();
  const user = useCurrentUser();
  const isAdmin = user?.role === 'admin';
  const courses = useCourses();
  const { state, get, set } = useTableUrlState();
  const courseId = courses.data?.some((c) => c.id === get('course')) ? get('course') : undefined;
  const remove = useRemoveStudent();
  const crud = useCrudDialogs<StudentOut>();
  const { askDelete } = crud;
  const [viewing, setViewing] = useState<StudentOut | null>(null);

  const columns = useMemo(() => studentColumns(t, language, { view: setViewing, remove: isAdmin ? askDelete : undefined }), [t, language, isAdmin, askDelete]);

  const courseFilter = (
    <SelectFilter
      value={courseId}
      onChange={(value) => set({ course: value, page: undefined })}
      label={t('students.courseFilter')}
      allLabel={t('students.allCourses')}
      options={(courses.data ?? []).map((c) => ({ value: c.id, label: c.courseTitle }))}
      wide
    />
  );

  const deleting = crud.deleting;
  return (
    <PageShell
      title={t('students.title')}
      description={t(isAdmin ? 'students.descriptionAdmin' : 'students.descriptionDealer')}
      actions={
        isAdmin ? (
          <Button onClick={crud.create}>
            <PlusIcon aria-hidden />
            {t('students.add')}
          </Button>
        ) : null
      }
    >
      <DataTable
        mode="server"
        label={t('students.title')}
        columns={columns}
        queryKey={academyKeys.studentList({ courseId })}
        fetchPage={(request: PageRequest) => fetchStudentsPage(request, { courseId })}
        getRowId={(s) => s.id}
        filterColumn="studentName"
        filterPlaceholder={t('students.filter')}
        toolbar={courseFilter}
        // A search or a course that matches nothing says so like every list; no enrolment at all is "No students yet".
        emptyMessage={state.q || courseId ? undefined : t('students.empty')}
        exportName="students"
      />
      {isAdmin ? <AddStudentDialog {...crud.formDialog} /> : null}
      <StudentAttemptsDialog student={viewing} name={viewing ? studentNameIn(viewing, language) : ''} onOpenChange={(open) => !open && setViewing(null)} />
      <ConfirmDialog
        {...crud.confirmDialog((s) =>
          deleteWithToast(remove, s.id, t('students.deleted', { name: studentNameIn(s, language), course: s.courseTitle }), (error) => errorText(error, t('students.deleteFailed'))),
        )}
        title={t('students.deleteTitle', { name: deleting ? studentNameIn(deleting, language) : '' })}
        description={t('students.deleteDescription', { name: deleting ? studentNameIn(deleting, language) : '', course: deleting?.courseTitle ?? '' })}
        confirmLabel={t('students.delete')}
      />
    </PageShell>
  );
}
