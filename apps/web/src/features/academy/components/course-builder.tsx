import { useId, useState } from 'react';
import { get, useFieldArray, useWatch, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SaveIcon, Trash2Icon, XIcon } from 'lucide-react';
import { CourseInput, newLesson, newSection } from '@meltway/shared/academy/course.schema';
import { COURSE_STATUSES, LESSON_TYPES } from '@meltway/shared/academy/limits';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { readAsDataUrl } from '@/lib/read-as-data-url';
import { BilingualFields } from '@/components/form/bilingual-fields';
import { ImageField } from '@/components/form/image-field';
import { TextField } from '@/components/form/text-field';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useAssignments } from '../api/assignments';
import { useAuthors } from '../api/authors';
import { useDocs } from '../api/documents';
import { ACADEMY_IMAGE_RULES } from './academy-text';
import { useFieldText } from '@/lib/field-text';
import type { CourseParsed, CourseValues } from './course-form';
import { MoveButtons } from './move-buttons';
import { SelectField } from '@/components/form/select-field';
import { useUnsavedGuard } from './unsaved-guard';

type CourseForm = UseFormReturn<CourseValues, unknown, CourseParsed>;
type Option = { value: string; label: string };
type Options = { assignments: Option[]; docs: Option[]; loading: boolean };

type Props = {
  defaultValues: CourseValues;
  onSubmit: (values: CourseParsed, form: CourseForm) => Promise<void>;
};

function errorAt(errors: FieldErrors<CourseValues>, path: string) {
  return (get(errors, path) as { message?: string } | undefined)?.message;
}

/** SPEC's Course Builder: the course's fields, then its sections and their lessons, in order. */
export function CourseBuilder({ defaultValues, onSubmit }: Props) {
  const { t } = useTranslation('academy');
  const message = useFieldText();
  const uid = useId();
  const form: CourseForm = useSchemaForm(CourseInput, defaultValues);
  const sections = useFieldArray({ control: form.control, name: 'sections', keyName: 'key' });
  const authors = useAuthors();
  const assignments = useAssignments();
  const docs = useDocs();
  const [coverError, setCoverError] = useState<string | undefined>();
  const cover = useWatch({ control: form.control, name: 'coverImage' });
  const {
    register,
    setValue,
    handleSubmit,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  const guard = useUnsavedGuard(isDirty);

  const options: Options = {
    assignments: (assignments.data ?? []).map((a) => ({ value: a.id, label: a.title })),
    docs: (docs.data ?? []).map((d) => ({ value: d.id, label: d.name })),
    loading: assignments.isPending || docs.isPending,
  };
  const authorOptions = (authors.data ?? []).map((a) => ({ value: a.id, label: a.name }));
  const submit = handleSubmit((values) => guard.whileSaving(() => onSubmit(values, form)));

  const pickCover = async (file: File) => {
    setCoverError(undefined);
    setValue('coverImage', await readAsDataUrl(file), { shouldDirty: true });
    form.clearErrors('coverImage');
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-6">
      <Card>
        <CardHeader className="px-4 sm:px-6">
          <CardTitle className="text-lg">{t('builder.card')}</CardTitle>
          <CardDescription>{t('builder.cardDescription')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 px-4 sm:px-6">
          <BilingualFields
            id={`${uid}-title`}
            label={t('builder.courseTitle')}
            labelFr={t('builder.courseTitleFr')}
            autoComplete="off"
            gap={5}
            error={message(errors.courseTitle?.message)}
            errorFr={message(errors.courseTitleFr?.message)}
            field={register('courseTitle')}
            fieldFr={register('courseTitleFr')}
          />
          <ImageField
            label={t('builder.cover')}
            rules={ACADEMY_IMAGE_RULES}
            hint={t('image.hint')}
            current={cover}
            file={null}
            removable
            error={message(coverError ?? errors.coverImage?.message)}
            onChange={(file) => (file ? void pickCover(file) : setValue('coverImage', null, { shouldDirty: true }))}
            onError={setCoverError}
          />
          <BilingualFields
            id={`${uid}-description`}
            label={t('builder.description')}
            labelFr={t('builder.descriptionFr')}
            multiline
            gap={5}
            error={message(errors.description?.message)}
            errorFr={message(errors.descriptionFr?.message)}
            field={register('description')}
            fieldFr={register('descriptionFr')}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField
              id={`${uid}-author`}
              label={t('builder.author')}
              placeholder={authors.isPending ? t('loading') : t('builder.chooseAuthor')}
              options={authorOptions}
              error={message(errors.author?.message) ?? (authors.isError ? t('builder.optionsFailed') : undefined)}
              hint={!authors.isPending && authorOptions.length === 0 ? t('builder.noAuthors') : undefined}
              {...register('author')}
            />
            <SelectField
              id={`${uid}-status`}
              label={t('builder.status')}
              options={COURSE_STATUSES.map((s) => ({ value: s, label: t(`courses.statuses.${s}`) }))}
              hint={t('builder.statusHint')}
              error={message(errors.status?.message)}
              {...register('status')}
            />
          </div>
        </CardContent>
      </Card>

      <section aria-labelledby={`${uid}-sections`} className="grid gap-4">
        <h2 id={`${uid}-sections`} className="text-lg font-semibold">
          {t('builder.sections')}
        </h2>
        {sections.fields.length === 0 ? <p className="text-sm text-muted-foreground">{t('builder.noSections')}</p> : null}
        <ol className="grid gap-4">
          {sections.fields.map((field, index) => (
            <li key={field.key}>
              <SectionCard
                form={form}
                index={index}
                count={sections.fields.length}
                options={options}
                onMove={(step) => sections.move(index, index + step)}
                onRemove={() => sections.remove(index)}
              />
            </li>
          ))}
        </ol>
      </section>

      <div className="flex flex-col-reverse gap-3 sm:sticky sm:bottom-0 sm:z-10 sm:flex-row sm:items-center sm:justify-between sm:rounded-lg sm:border sm:bg-background/95 sm:px-4 sm:py-3 sm:backdrop-blur">
        <Button type="button" variant="outline" onClick={() => sections.append(newSection())}>
          {t('builder.addSection')}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : <SaveIcon aria-hidden />}
          {t('builder.save')}
        </Button>
      </div>
      {guard.dialog}
    </form>
  );
}

type SectionProps = { form: CourseForm; index: number; count: number; options: Options; onMove: (step: -1 | 1) => void; onRemove: () => void };

function SectionCard({ form, index, count, options, onMove, onRemove }: SectionProps) {
  const { t } = useTranslation('academy');
  const message = useFieldText();
  const uid = useId();
  const lessons = useFieldArray({ control: form.control, name: `sections.${index}.lessons`, keyName: 'key' });
  const errors = form.formState.errors;
  const n = index + 1;
  const title = useWatch({ control: form.control, name: `sections.${index}.title` });
  const name = title?.trim() || t('builder.sectionN', { n });
  const lessonsError = errorAt(errors, `sections.${index}.lessons.message`) ?? errorAt(errors, `sections.${index}.lessons.root`);

  return (
    <Card className="gap-0" role="group" aria-labelledby={`${uid}-heading`}>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 border-b px-4 pb-4 sm:px-6">
        <h3 id={`${uid}-heading`} className="min-w-0 truncate font-semibold">
          {t('builder.sectionN', { n })}
        </h3>
        <div className="flex flex-wrap gap-1">
          <MoveButtons index={index} count={count} onMove={onMove} upLabel={t('builder.moveSectionUp', { name })} downLabel={t('builder.moveSectionDown', { name })} />
          <Button type="button" variant="ghost" size="sm" className="text-destructive hover:text-destructive" onClick={onRemove} aria-label={t('builder.deleteSectionNamed', { name })}>
            <Trash2Icon aria-hidden />
            {t('builder.deleteSection')}
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4 px-4 pt-4 sm:px-6">
        <BilingualFields
          id={`${uid}-title`}
          label={t('builder.sectionTitle')}
          labelFr={t('builder.sectionTitleFr')}
          autoComplete="off"
          error={message(errorAt(errors, `sections.${index}.title`))}
          errorFr={message(errorAt(errors, `sections.${index}.titleFr`))}
          field={form.register(`sections.${index}.title`)}
          fieldFr={form.register(`sections.${index}.titleFr`)}
        />
        <div className="grid gap-3">
          <h4 className="text-sm font-medium">{t('builder.lessons')}</h4>
          {lessonsError ? (
            <p role="alert" className="text-sm text-destructive">
              {message(lessonsError)}
            </p>
          ) : null}
          <ol className="grid gap-3">
            {lessons.fields.map((field, lessonIndex) => (
              <li key={field.key}>
                <LessonCard
                  form={form}
                  section={index}
                  index={lessonIndex}
                  count={lessons.fields.length}
                  options={options}
                  onMove={(step) => lessons.move(lessonIndex, lessonIndex + step)}
                  onRemove={() => lessons.remove(lessonIndex)}
                />
              </li>
            ))}
          </ol>
          <div>
            <Button type="button" variant="outline" size="sm" onClick={() => lessons.append(newLesson())} aria-label={t('builder.addLessonTo', { name })}>
              {t('builder.addLesson')}
            </Button>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}

type LessonProps = { form: CourseForm; section: number; index: number; count: number; options: Options; onMove: (step: -1 | 1) => void; onRemove: () => void };

function LessonCard({ form, section, index, count, options, onMove, onRemove }: LessonProps) {
  const { t } = useTranslation('academy');
  const { t: tl } = useTranslation('lms');
  const message = useFieldText();
  const uid = useId();
  const base = `sections.${section}.lessons.${index}` as const;
  const type = useWatch({ control: form.control, name: `${base}.type` });
  const title = useWatch({ control: form.control, name: `${base}.title` });
  const errors = form.formState.errors;
  const err = (field: string) => message(errorAt(errors, `${base}.${field}`));
  const n = index + 1;
  const name = title?.trim() || t('builder.lessonN', { n });
  const loading = options.loading ? t('loading') : undefined;

  return (
    <div role="group" aria-label={t('builder.lessonN', { n })} className="grid gap-3 rounded-lg border bg-muted/30 p-3 sm:p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-medium text-muted-foreground">{t('builder.lessonN', { n })}</span>
        <div className="flex flex-wrap gap-1">
          <MoveButtons index={index} count={count} onMove={onMove} upLabel={t('builder.moveLessonUp', { name })} downLabel={t('builder.moveLessonDown', { name })} />
          <Button type="button" variant="ghost" size="sm" className="text-destructive hover:text-destructive" onClick={onRemove} aria-label={t('builder.removeLessonNamed', { name })}>
            <XIcon aria-hidden />
            {t('builder.removeLesson')}
          </Button>
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <BilingualFields
          id={`${uid}-title`}
          label={t('builder.lessonTitle')}
          labelFr={t('builder.lessonTitleFr')}
          autoComplete="off"
          gap={3}
          className="sm:col-span-2"
          error={err('title')}
          errorFr={err('titleFr')}
          field={form.register(`${base}.title`)}
          fieldFr={form.register(`${base}.titleFr`)}
        />
        <SelectField
          id={`${uid}-type`}
          label={t('builder.lessonType')}
          options={LESSON_TYPES.map((value) => ({ value, label: t(`builder.types.${value}`) }))}
          error={err('type')}
          {...form.register(`${base}.type`)}
        />
      </div>
      {type === 'video' ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            id={`${uid}-duration`}
            label={t('builder.duration')}
            hint={t('builder.durationHint')}
            inputMode="numeric"
            autoComplete="off"
            error={err('duration')}
            {...form.register(`${base}.duration`)}
          />
          <TextField id={`${uid}-video`} label={t('builder.videoId')} hint={t('builder.videoIdHint')} autoComplete="off" error={err('videoId')} {...form.register(`${base}.videoId`)} />
        </div>
      ) : type === 'assignment' ? (
        <SelectField
          id={`${uid}-assignment`}
          label={t('builder.assignment')}
          placeholder={loading ?? t('builder.chooseAssignment')}
          options={options.assignments}
          error={err('assignments')}
          {...form.register(`${base}.assignments`)}
        />
      ) : (
        <SelectField
          id={`${uid}-pdf`}
          label={t('builder.document')}
          placeholder={loading ?? t('builder.chooseDocument')}
          options={options.docs}
          error={err('pdfLink')}
          {...form.register(`${base}.pdfLink`)}
        />
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          id={`${uid}-slides`}
          label={tl('builder.slides')}
          placeholder={loading ?? tl('builder.noDocument')}
          options={options.docs}
          error={err('slidesDocumentId')}
          {...form.register(`${base}.slidesDocumentId`, { setValueAs: (v: string | null) => v || null })}
        />
        <SelectField
          id={`${uid}-transcript`}
          label={tl('builder.transcript')}
          placeholder={loading ?? tl('builder.noDocument')}
          options={options.docs}
          error={err('transcriptDocumentId')}
          {...form.register(`${base}.transcriptDocumentId`, { setValueAs: (v: string | null) => v || null })}
        />
      </div>
    </div>
  );
}
