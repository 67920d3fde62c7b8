import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageIcon, XIcon } from 'lucide-react';
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '@meltway/shared/catalogue/limits';
import { catalogueMessages } from '@meltway/shared/catalogue/messages';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { ProgressBar } from '@/components/ui/progress';
import { useObjectUrl } from '@/lib/use-object-url';
import { cn } from '@/lib/utils';

export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

/**
 * A first look at a chosen file, so an obviously wrong one is refused before it is sent; the server
 * still decides from the bytes. Returns the English message of the problem, if any.
 */
export function checkImageFile(file: File): string | undefined {
  if (file.type && !(IMAGE_TYPES as readonly string[]).includes(file.type)) return catalogueMessages.imageType;
  if (file.size > IMAGE_MAX_BYTES) return catalogueMessages.imageTooLarge;
  return undefined;
}

/**
 * The one optional image of a multipart form: the chosen file, its problem and the upload's progress.
 * `attach` puts the file in the form under `field` and returns the progress callback for the upload, if any.
 */
export function useImageUpload(field: string) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const [progress, setProgress] = useState<number | null>(null);
  return {
    file,
    error,
    setError,
    progress,
    fileFields: [field],
    /** Spread on the ImagePicker, with its label, stored image and translated error. */
    picker: { file, onChange: setFile, onError: setError },
    attach: (body: FormData) => {
      if (file) body.set(field, file, file.name);
      setProgress(file ? 0 : null);
      return file ? setProgress : undefined;
    },
    finish: () => setProgress(null),
  };
}

type Props = {
  label: string;
  /** The image already stored, if any. */
  current: string | null | undefined;
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string;
  onError: (message: string | undefined) => void;
};

/** One optional image with a preview of what will be sent; a new file replaces the stored one. */
export function ImagePicker({ label, current, file, onChange, error, onError }: Props) {
  const { t } = useTranslation('catalogue');
  const uid = useId();
  const input = useRef<HTMLInputElement>(null);
  const preview = useObjectUrl(file);
  const shown = preview ?? current ?? undefined;

  const pick = (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = checkImageFile(chosen);
    if (problem) {
      onError(problem);
      if (input.current) input.current.value = '';
      return;
    }
    onError(undefined);
    onChange(chosen);
  };

  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={uid}>{label}</Label>
      <div
        className={cn(
          'flex flex-col items-center gap-3 rounded-lg border border-dashed bg-muted/50 p-3 sm:flex-row',
          error && 'border-destructive',
        )}
      >
        {shown ? (
          <img src={shown} alt={t('admin.images.previewOf', { name: label })} className="h-20 w-28 shrink-0 rounded border bg-background object-contain" />
        ) : (
          <span className="flex h-20 w-28 shrink-0 items-center justify-center rounded border bg-background text-muted-foreground">
            <ImageIcon className="size-8" aria-hidden />
          </span>
        )}
        <div className="grid w-full min-w-0 gap-1">
          <input
            ref={input}
            id={uid}
            type="file"
            accept={IMAGE_ACCEPT}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${uid}-note`}
            onChange={(event) => pick(event.target.files?.[0])}
            className="w-full max-w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-2 file:text-sm file:font-medium file:text-secondary-foreground hover:file:bg-secondary/80"
          />
          {file ? <p className="truncate text-xs text-muted-foreground">{file.name}</p> : null}
        </div>
        {file ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              onChange(null);
              if (input.current) input.current.value = '';
            }}
          >
            <XIcon aria-hidden />
            {t('admin.images.undo')}
          </Button>
        ) : null}
      </div>
      <p id={`${uid}-note`} className={cn('text-xs', error ? 'text-sm text-destructive' : 'text-muted-foreground')}>
        {error ?? t('admin.images.hint')}
      </p>
    </div>
  );
}

/** How far an upload has gone, for sighted users and screen readers alike. */
export function UploadProgress({ value, label }: { value: number; label: string }) {
  const percent = Math.round(value * 100);
  return (
    <div className="grid gap-1">
      <div className="flex justify-between text-xs text-muted-foreground">
        <span id="upload-progress-label">{label}</span>
        <span aria-hidden>{percent}%</span>
      </div>
      <ProgressBar percent={percent} aria-labelledby="upload-progress-label" />
    </div>
  );
}
