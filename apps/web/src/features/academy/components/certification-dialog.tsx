import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CertificationInput, type CertificationOut } from '@meltway/shared/academy/certification.schema';
import type { CourseListItem } from '@meltway/shared/academy/course.schema';
import { SubmitButton } from '@/components/admin/form-actions';
import { FormDialog } from '@/components/admin/form-dialog';
import { Spinner } from '@/components/ui/spinner';
import { BilingualFields } from '@/components/form/bilingual-fields';
import { ImageField, useImageUpload } from '@/components/form/image-field';
import { TextField } from '@/components/form/text-field';
import { saveAndClose, useSchemaForm } from '@/lib/use-schema-form';
import { useSaveCertification } from '../api/certifications';
import { useCourses } from '../api/courses';
import { ACADEMY_IMAGE_RULES } from './academy-text';
import { SelectField } from '@/components/form/select-field';
import { useFieldText } from '@/lib/field-text';

/** A skill list's message: its own, or the first of one of its entries. */
const firstIssue = (e: unknown): string | undefined => {
  if (!e || typeof e !== 'object') return undefined;
  for (const v of Object.values(e as Record<string, unknown>)) {
    const msg = (v as { message?: unknown } | undefined)?.message;
    if (typeof msg === 'string') return msg;
  }
  return undefined;
};

type Props = { open: boolean; certification: CertificationOut | null; onOpenChange: (open: boolean) => void };

/**
 * Adds or edits a certification: what it is called (in English, and optionally in French), its picture, the course
 * that awards it, the score needed, the attempts in a row and the wait before more.
 */
export function CertificationDialog({ open, certification, onOpenChange }: Props) {
  const { t } = useTranslation('academy');
  const courses = useCourses();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-w-3xl"
      title={certification ? t('certifications.editTitle', { name: certification.name }) : t('certifications.addTitle')}
      description={t('certifications.formDescription')}
    >
      {(done) =>
        courses.isPending ? (
          <Spinner label={t('loading')} className="size-6" />
        ) : (
          <CertificationForm certification={certification} courses={courses.data ?? []} onDone={done} />
        )
      }
    </FormDialog>
  );
}

type FormProps = { certification: CertificationOut | null; courses: CourseListItem[]; onDone: () => void };

/** Mounted once the courses are there, so the select shows the stored course from the start. */
function CertificationForm({ certification, courses, onDone }: FormProps) {
  const { t } = useTranslation(['academy', 'common']);
  const message = useFieldText();
  const uid = useId();
  const save = useSaveCertification();
  const image = useImageUpload(certification?.image);
  const form = useSchemaForm(CertificationInput, {
    name: certification?.name ?? '',
    nameFr: certification?.nameFr ?? '',
    description: certification?.description ?? '',
    descriptionFr: certification?.descriptionFr ?? '',
    courseId: certification?.courseId ?? '',
    passingScore: String(certification?.passingScore ?? 80),
    attemptsLimit: String(certification?.attemptsLimit ?? 3),
    retryWaitHours: String(certification?.retryWaitHours ?? 24),
    validityMonths: certification?.validityMonths == null ? '' : String(certification.validityMonths),
    skills: (certification?.skills ?? []).join('\n'),
    skillsFr: (certification?.skillsFr ?? []).join('\n'),
  });
  const {
    register,
    setError,
    handleSubmit,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    const saved = await saveAndClose(
      () => save.mutateAsync({ id: certification?.id, input: { ...values, image: image.file }, onProgress: image.start() }),
      {
        success: () => t(certification ? 'certifications.updated' : 'certifications.created', { name: values.name }),
        done: onDone,
        // One certification per course: the server's refusal names the course select.
        issues: { setError, fields: ['name', 'nameFr', 'description', 'descriptionFr', 'courseId', 'passingScore', 'attemptsLimit', 'retryWaitHours', 'validityMonths', 'skills', 'skillsFr'] },
        fallback: t('certifications.saveFailed'),
      },
    );
    if (!saved) image.finish();
  });

  const courseOptions = courses.map((c) => ({ value: c.id, label: c.courseTitle }));
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <BilingualFields
        id={`${uid}-name`}
        label={t('fields.name')}
        labelFr={t('fields.nameFr')}
        autoComplete="off"
        error={message(errors.name?.message)}
        errorFr={message(errors.nameFr?.message)}
        field={register('name')}
        fieldFr={register('nameFr')}
      />
      <BilingualFields
        id={`${uid}-description`}
        label={t('fields.description')}
        labelFr={t('fields.descriptionFr')}
        multiline
        error={message(errors.description?.message)}
        errorFr={message(errors.descriptionFr?.message)}
        field={register('description')}
        fieldFr={register('descriptionFr')}
      />
      <SelectField
        id={`${uid}-course`}
        label={t('certifications.course')}
        placeholder={t('certifications.chooseCourse')}
        options={courseOptions}
        error={message(errors.courseId?.message)}
        {...register('courseId')}
      />
      <TextField
        id={`${uid}-score`}
        label={t('certifications.passingScore')}
        hint={t('certifications.passingScoreHint')}
        type="number"
        min={0}
        max={100}
        step={1}
        inputMode="numeric"
        error={message(errors.passingScore?.message)}
        {...register('passingScore')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${uid}-attempts`}
          label={t('certifications.attemptsLimit')}
          hint={t('certifications.attemptsLimitHint')}
          type="number"
          min={1}
          max={100}
          step={1}
          inputMode="numeric"
          error={message(errors.attemptsLimit?.message)}
          {...register('attemptsLimit')}
        />
        <TextField
          id={`${uid}-wait`}
          label={t('certifications.retryWaitHours')}
          hint={t('certifications.retryWaitHoursHint')}
          type="number"
          min={0}
          max={720}
          step={1}
          inputMode="numeric"
          error={message(errors.retryWaitHours?.message)}
          {...register('retryWaitHours')}
        />
        <TextField
          id={`${uid}-validity`}
          label={t('certifications.validityMonths')}
          hint={t('certifications.validityMonthsHint')}
          type="number"
          min={1}
          max={240}
          step={1}
          inputMode="numeric"
          error={message(errors.validityMonths?.message)}
          {...register('validityMonths')}
        />
      </div>
      <BilingualFields
        id={`${uid}-skills`}
        label={t('certifications.skills')}
        labelFr={t('certifications.skillsFr')}
        hint={t('certifications.skillsHint')}
        multiline
        error={message(errors.skills?.message ?? firstIssue(errors.skills))}
        errorFr={message(errors.skillsFr?.message ?? firstIssue(errors.skillsFr))}
        field={register('skills')}
        fieldFr={register('skillsFr')}
      />
      <ImageField label={t('fields.image')} rules={ACADEMY_IMAGE_RULES} hint={t('image.hint')} {...image.field} error={message(image.error)} />
      <SubmitButton pending={save.isPending}>{certification ? t('actions.save') : t('certifications.add')}</SubmitButton>
    </form>
  );
}
