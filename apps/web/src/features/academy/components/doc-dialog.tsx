import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileTextIcon } from 'lucide-react';
import { SubmitButton } from '@/components/admin/form-actions';
import { FormDialog } from '@/components/admin/form-dialog';
import { Field } from '@/components/ui/field';
import { TextField } from '@/components/form/text-field';
import { UploadProgress } from '@/components/form/upload-progress';
import { notify } from '@/lib/notify';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useUploadDoc } from '../api/documents';
import { DocInput } from '@meltway/shared/academy/doc.schema';
import { academyMessages } from '@meltway/shared/academy/messages';
import { errorText, useServerIssues } from '@/lib/error-text';
import { useFieldText } from '@/lib/field-text';

/** Uploads a PDF under a name, showing how much has gone out. */
export function DocDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('academy');
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-w-lg"
      title={t('docs.addTitle')}
      description={t('docs.formDescription')}
    >
      {(done) => <DocForm onDone={done} />}
    </FormDialog>
  );
}

function DocForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(['academy', 'common']);
  const message = useFieldText();
  const showServerIssues = useServerIssues();
  const uid = useId();
  const upload = useUploadDoc();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | null>(null);
  const form = useSchemaForm(DocInput, { name: '' });
  const {
    register,
    setError,
    handleSubmit,
    formState: { errors },
  } = form;

  const pick = (picked: File | undefined) => {
    setFileError(undefined);
    if (!picked) return setFile(null);
    const isPdf = picked.type === 'application/pdf' || (!picked.type && picked.name.toLowerCase().endsWith('.pdf'));
    if (!isPdf) {
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
      return setFileError(academyMessages.docType);
    }
    setFile(picked);
    if (!form.getValues('name')) form.setValue('name', picked.name.replace(/\.pdf$/i, ''));
  };

  const onSubmit = handleSubmit(async (values) => {
    if (!file) return setFileError(academyMessages.docFileRequired);
    try {
      setProgress(0);
      await upload.mutateAsync({ name: values.name, file, onProgress: setProgress });
      notify.success(t('docs.uploaded', { name: values.name }));
      onDone();
    } catch (error) {
      setProgress(null);
      if (!showServerIssues(error, setError, { fields: ['name'] })) {
        const text = errorText(t, error, t('docs.uploadFailed'));
        setFileError(text);
      }
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <Field id={`${uid}-file`} label={t('fields.pdfFile')} error={message(fileError)} hint={t('docs.fileHint')}>
        <div className="flex items-center gap-3 rounded-lg border border-dashed bg-muted/40 p-3">
          <FileTextIcon className="size-8 shrink-0 text-primary" aria-hidden />
          <input
            ref={inputRef}
            id={`${uid}-file`}
            type="file"
            accept="application/pdf,.pdf"
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? `${uid}-file-error` : `${uid}-file-hint`}
            onChange={(event) => pick(event.target.files?.[0])}
            className="w-full min-w-0 text-sm file:mr-3 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-2 file:text-sm file:font-medium file:text-secondary-foreground hover:file:bg-secondary/80"
          />
        </div>
      </Field>
      <TextField id={`${uid}-name`} label={t('fields.name')} autoComplete="off" error={message(errors.name?.message)} {...register('name')} />
      <UploadProgress fraction={progress} />
      <SubmitButton pending={upload.isPending}>{t('docs.upload')}</SubmitButton>
    </form>
  );
}
