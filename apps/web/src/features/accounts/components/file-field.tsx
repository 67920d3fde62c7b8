import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileTextIcon, UploadIcon, XIcon } from 'lucide-react';
import { ImagePreview } from '@/components/form/image-field';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { checkFile, type FileRules } from '@/lib/file-check';
import { readAsDataUrl } from '@/lib/read-as-data-url';
import { cn } from '@/lib/utils';

type Props = {
  label: string;
  hint: string;
  accept: string;
  /** The types allowed, the size limit and the shared messages of a wrong file. */
  rules: FileRules;
  value: string | undefined;
  error?: string;
  onChange: (dataUrl: string | undefined) => void;
  onError: (message: string) => void;
  onBlur?: () => void;
};

/** A file sent inside the JSON body as a data URL, with a preview of what will be sent. */
export function FileField({ label, hint, accept, rules, value, error, onChange, onError, onBlur }: Props) {
  const { t } = useTranslation('accounts');
  const uid = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState<string | null>(null);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const problem = checkFile(file, rules);
    if (problem) {
      onError(problem);
      return;
    }
    setFileName(file.name);
    onChange(await readAsDataUrl(file));
  };

  const clear = () => {
    setFileName(null);
    onChange(undefined);
    if (inputRef.current) inputRef.current.value = '';
  };

  const isImage = value?.startsWith('data:image/');
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={uid}>{label}</Label>
      <div
        className={cn(
          'flex min-h-24 flex-col items-center justify-center gap-3 rounded-lg border border-dashed bg-muted/50 p-4 text-center sm:flex-row sm:justify-start sm:text-left',
          error && 'border-destructive',
        )}
      >
        {value ? (
          isImage ? (
            <ImagePreview src={value} alt={t('fields.previewOf', { name: label })} className="h-16 w-24" />
          ) : (
            <FileTextIcon className="size-10 text-primary" aria-hidden />
          )
        ) : (
          <UploadIcon className="size-8 text-muted-foreground" aria-hidden />
        )}
        <div className="grid min-w-0 flex-1 gap-2">
          <input
            ref={inputRef}
            id={uid}
            type="file"
            accept={accept}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${uid}-error` : `${uid}-hint`}
            onChange={(event) => void pick(event.target.files?.[0])}
            onBlur={onBlur}
            className="w-full max-w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-2 file:text-sm file:font-medium file:text-secondary-foreground hover:file:bg-secondary/80"
          />
          {value && fileName ? <p className="truncate text-xs text-muted-foreground">{fileName}</p> : null}
        </div>
        {value ? (
          <Button variant="ghost" size="sm" onClick={clear}>
            <XIcon aria-hidden />
            {t('fields.removeFile')}
          </Button>
        ) : null}
      </div>
      {error ? (
        <p id={`${uid}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : (
        <p id={`${uid}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}
