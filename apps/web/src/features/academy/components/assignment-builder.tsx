import { useId } from 'react';
import { get, useFieldArray, useWatch, type Control, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PlusIcon, Trash2Icon, XIcon } from 'lucide-react';
import { AssignmentInput, NO_ANSWER, shiftCorrectIndex } from '@meltway/shared/academy/assignment.schema';
import { MAX_ANSWERS } from '@meltway/shared/academy/limits';
import { SubmitButton } from '@/components/admin/form-actions';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { TextareaField } from '@/components/ui/textarea';
import { TextField } from '@/components/form/text-field';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useFieldText } from '@/lib/field-text';
import { MoveButtons } from './move-buttons';
import { useUnsavedGuard } from './unsaved-guard';

export type AssignmentValues = AssignmentInput;
type Form = UseFormReturn<AssignmentValues, unknown, ReturnType<typeof AssignmentInput.parse>>;

const newQuestion = () => ({ questionText: '', answers: ['', ''], correctIndex: NO_ANSWER });
export const emptyAssignment = (): AssignmentValues => ({ title: '', questions: [newQuestion()], drawCount: '' });

type Props = {
  defaultValues: AssignmentValues;
  submitLabel: string;
  onSubmit: (values: ReturnType<typeof AssignmentInput.parse>, form: Form) => Promise<void>;
};

/** Title, how many questions each attempt draws (empty: all), and questions, each with its answers and the correct one chosen by a radio button. */
export function AssignmentBuilder({ defaultValues, submitLabel, onSubmit }: Props) {
  const { t } = useTranslation('academy');
  const message = useFieldText();
  const uid = useId();
  const form: Form = useSchemaForm(AssignmentInput, defaultValues);
  const questions = useFieldArray({ control: form.control, name: 'questions' });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  const guard = useUnsavedGuard(isDirty);
  const submit = handleSubmit((values) => guard.whileSaving(() => onSubmit(values, form)));

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-6">
      <Card>
        <CardContent className="grid gap-4 px-4 pt-6 sm:px-6">
          <TextField id={`${uid}-title`} label={t('assignments.title')} autoComplete="off" error={message(errors.title?.message)} {...register('title')} />
          <TextField
            id={`${uid}-draw`}
            label={t('assignments.drawCount')}
            hint={t('assignments.drawCountHint')}
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            className="sm:max-w-48"
            error={message(errors.drawCount?.message)}
            {...register('drawCount')}
          />
        </CardContent>
      </Card>
      {typeof errors.questions?.message === 'string' ? (
        <p role="alert" className="text-sm text-destructive">
          {message(errors.questions.message)}
        </p>
      ) : null}
      <ol className="grid gap-4">
        {questions.fields.map((field, index) => (
          <li key={field.id}>
            <QuestionCard
              form={form}
              index={index}
              count={questions.fields.length}
              onMove={(step) => questions.move(index, index + step)}
              onRemove={() => questions.remove(index)}
            />
          </li>
        ))}
      </ol>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button type="button" variant="outline" onClick={() => questions.append(newQuestion())}>
          <PlusIcon aria-hidden />
          {t('assignments.addQuestion')}
        </Button>
        <SubmitButton pending={isSubmitting}>{submitLabel}</SubmitButton>
      </div>
      {guard.dialog}
    </form>
  );
}

type QuestionProps = { form: Form; index: number; count: number; onMove: (step: -1 | 1) => void; onRemove: () => void };

function QuestionCard({ form, index, count, onMove, onRemove }: QuestionProps) {
  const { t } = useTranslation('academy');
  const message = useFieldText();
  const uid = useId();
  const { register, setValue, getValues, control } = form;
  const errors = form.formState.errors as FieldErrors<AssignmentValues>;
  const answers = useWatch({ control: control as Control<AssignmentValues>, name: `questions.${index}.answers` }) ?? [];
  const correctIndex = useWatch({ control: control as Control<AssignmentValues>, name: `questions.${index}.correctIndex` });
  const n = index + 1;
  const answersError = get(errors, `questions.${index}.answers`) as { message?: string; root?: { message?: string } } | undefined;
  const correctError = get(errors, `questions.${index}.correctIndex`) as { message?: string } | undefined;
  const revalidate = () => {
    if (form.formState.isSubmitted) void form.trigger(`questions.${index}`);
  };

  const removeAnswer = (a: number) => {
    const current = getValues(`questions.${index}.answers`);
    setValue(`questions.${index}.answers`, current.filter((_, i) => i !== a), { shouldDirty: true });
    setValue(`questions.${index}.correctIndex`, shiftCorrectIndex(getValues(`questions.${index}.correctIndex`), a), { shouldDirty: true });
    revalidate();
  };
  const addAnswer = () => {
    setValue(`questions.${index}.answers`, [...getValues(`questions.${index}.answers`), ''], { shouldDirty: true });
  };
  const choose = (a: number) => {
    setValue(`questions.${index}.correctIndex`, a, { shouldDirty: true });
    revalidate();
  };

  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2 px-4 sm:px-6">
        <CardTitle as="h2" className="text-base">
          {t('assignments.question', { n })}
        </CardTitle>
        <div className="flex gap-1">
          <MoveButtons index={index} count={count} onMove={onMove} upLabel={t('assignments.moveQuestionUp', { n })} downLabel={t('assignments.moveQuestionDown', { n })} />
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-8 text-destructive hover:text-destructive"
            disabled={count === 1}
            onClick={onRemove}
            aria-label={t('assignments.removeQuestion', { n })}
          >
            <Trash2Icon aria-hidden />
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4 px-4 sm:px-6">
        <TextareaField
          id={`${uid}-text`}
          label={t('assignments.questionText')}
          rows={2}
          error={message((get(errors, `questions.${index}.questionText`) as { message?: string } | undefined)?.message)}
          {...register(`questions.${index}.questionText`)}
        />
        <fieldset className="grid gap-2" aria-describedby={answersError || correctError ? `${uid}-answers-error` : `${uid}-answers-hint`}>
          <legend className="mb-2 text-sm font-medium">{t('assignments.answers')}</legend>
          <p id={`${uid}-answers-hint`} className="text-xs text-muted-foreground">
            {t('assignments.answersHint')}
          </p>
          {answers.map((_, a) => (
            <div key={a} className="flex items-center gap-2">
              <input
                type="radio"
                name={`${uid}-correct`}
                className="size-4 shrink-0 accent-primary"
                checked={correctIndex === a}
                onChange={() => choose(a)}
                aria-label={t('assignments.markCorrect', { n: a + 1 })}
              />
              <Input
                aria-label={t('assignments.answer', { n: a + 1 })}
                placeholder={t('assignments.answer', { n: a + 1 })}
                aria-invalid={answersError ? true : undefined}
                autoComplete="off"
                {...register(`questions.${index}.answers.${a}`)}
              />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-9 shrink-0"
                disabled={answers.length <= 2}
                onClick={() => removeAnswer(a)}
                aria-label={t('assignments.removeAnswer', { n: a + 1 })}
              >
                <XIcon aria-hidden />
              </Button>
            </div>
          ))}
          {answersError || correctError ? (
            <p id={`${uid}-answers-error`} className="text-sm text-destructive">
              {[message(answersError?.message ?? answersError?.root?.message), message(correctError?.message)].filter(Boolean).join(' · ')}
            </p>
          ) : null}
          <div>
            <Button type="button" variant="outline" size="sm" onClick={addAnswer} disabled={answers.length >= MAX_ANSWERS}>
              <PlusIcon aria-hidden />
              {t('assignments.addAnswer')}
            </Button>
          </div>
        </fieldset>
      </CardContent>
    </Card>
  );
}
