import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AddStudentInput } from '@meltway/shared/academy/learning.schema';
import type { CourseListItem } from '@meltway/shared/academy/course.schema';
import { SubmitButton } from '@/components/admin/form-actions';
import { FormDialog } from '@/components/admin/form-dialog';
import { ImageField, useImageUpload } from '@/components/form/image-field';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useFieldText } from '@/lib/field-text';
import { saveAndClose, useSchemaForm } from '@/lib/use-schema-form';
import { useCourses } from '../api/courses';
import { useAddStudent } from '../api/students';
import { ACADEMY_IMAGE_RULES } from './academy-text';

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

/** SPEC.md §2's "Add New Student": the name in English and French and a picture, plus the email and the course. */
export function AddStudentDialog({ open, onOpenChange }: Props) {
  const { t } = useTranslation('learners');
  const courses = useCourses();
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} className="max-w-lg" title={t('addStudent.title')} description={t('addStudent.description')}>
      {(done) =>
        courses.isPending ? (
          <Spinner label={t('addStudent.course')} className="size-6" />
        ) : (
          <AddStudentForm courses={(courses.data ?? []).filter((c) => c.status === 'published')} onDone={done} />
        )
      }
    </FormDialog>
  );
}

function AddStudentForm({ courses, onDone }: { courses: CourseListItem[]; onDone: () => void }) {
  const { t } = useTranslation('learners');
  const message = useFieldText();
  const uid = useId();
  const add = useAddStudent();
  const image = useImageUpload(null);
  const form = useSchemaForm(AddStudentInput, { name: { en: '', fr: '' }, email: '', courseId: '' });
  const {
    register,
    setError,
    handleSubmit,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    const saved = await saveAndClose(
      () => add.mutateAsync({ input: { name: { en: values.name.en, fr: values.name.fr ?? '' }, email: values.email, courseId: values.courseId, image: image.file }, onProgress: image.start() }),
      {
        success: (out) => t(out.invited ? 'addStudent.invited' : 'addStudent.enrolled', { name: out.student.studentName }),
        done: onDone,
        issues: { setError, fields: ['name.en', 'name.fr', 'email', 'courseId'], fileFields: ['image'], onFileError: image.setError },
        fallback: t('addStudent.saveFailed'),
      },
    );
    if (!saved) image.finish();
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id={`${uid}-en`} label={t('addStudent.nameEn')} lang="en" autoComplete="off" error={message(errors.name?.en?.message)} {...register('name.en')} />
        <TextField id={`${uid}-fr`} label={t('addStudent.nameFr')} lang="fr" autoComplete="off" error={message(errors.name?.fr?.message)} {...register('name.fr')} />
      </div>
      <TextField id={`${uid}-email`} label={t('addStudent.email')} type="email" autoComplete="off" error={message(errors.email?.message)} {...register('email')} />
      <SelectField
        id={`${uid}-course`}
        label={t('addStudent.course')}
        placeholder={t('addStudent.chooseCourse')}
        options={courses.map((c) => ({ value: c.id, label: c.courseTitle }))}
        hint={courses.length ? undefined : t('addStudent.noCourses')}
        error={message(errors.courseId?.message)}
        {...register('courseId')}
      />
      <ImageField label={t('addStudent.image')} rules={ACADEMY_IMAGE_RULES} hint={t('addStudent.imageHint')} {...image.field} error={message(image.error)} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {/* Pressing Cancel keeps the focus where it is, so leaving an empty field shows no error that moves the button away. */}
        <Button type="button" variant="outline" onPointerDown={(event) => event.preventDefault()} onClick={onDone}>
          {t('addStudent.cancel')}
        </Button>
        <SubmitButton pending={add.isPending}>{t('addStudent.save')}</SubmitButton>
      </div>
    </form>
  );
}
