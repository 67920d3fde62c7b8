import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageIcon, UploadIcon, XIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { acceptOf, checkFile, type FileRules } from '@/lib/file-check';
import { useObjectUrl } from '@/lib/use-object-url';
import { cn } from '@/lib/utils';
import { UploadProgress } from './upload-progress';

type PreviewProps = {
  /** A stored picture (a path on the API host or a data URL). */
  src?: string | null;
  /** A chosen file, shown in place of `src`. */
  file?: File | null;
  alt: string;
  className?: string;
};

/** A picture as it will look once sent, or an empty frame. */
export function ImagePreview({ src, file, alt, className }: PreviewProps) {
  const preview = useObjectUrl(file);
  const shown = preview ?? src ?? undefined;
  return shown ? (
    <img src={shown} alt={alt} className={cn('rounded-md border bg-background object-contain', className)} />
  ) : (
    <span className={cn('flex items-center justify-center rounded-md border bg-background text-muted-foreground', className)}>
      <ImageIcon className="size-8" aria-hidden />
    </span>
  );
}

export type ImageFieldProps = {
  label: string;
  /** The limits and the shared messages of a wrong file. */
  rules: FileRules;
  hint?: string;
  /** The picture stored now, shown while no file is chosen. */
  current?: string | null;
  file: File | null;
  /** A checked file, or null when it is removed. */
  onChange: (file: File | null) => void;
  /** Remove takes away the stored picture too (otherwise it only drops a chosen file, the stored one staying). */
  removable?: boolean;
  /** Already translated. */
  error?: string;
  /** The shared message of a refused file, or undefined once a good one is chosen. */
  onError: (message: string | undefined) => void;
  /** How much of the upload has gone out (0 to 1), while it goes. */
  progress?: number | null;
};

/** One picture: choose it (checked before it is sent), see it, change or remove it, and follow its upload. */
export function ImageField({ label, rules, hint, current, file, onChange, removable, error, onError, progress }: ImageFieldProps) {
  const { t } = useTranslation('common');
  const uid = useId();
  const input = useRef<HTMLInputElement>(null);
  const shown = Boolean(file ?? current);
  const note = error ? `${uid}-error` : `${uid}-hint`;

  const pick = (chosen: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!chosen) return;
    const problem = checkFile(chosen, rules);
    onError(problem);
    if (!problem) onChange(chosen);
  };

  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={uid}>{label}</Label>
      <div
        className={cn(
          'flex flex-col items-center gap-3 rounded-lg border border-dashed bg-muted/40 p-3 sm:flex-row',
          error && 'border-destructive',
        )}
      >
        <ImagePreview file={file} src={current} alt={t('imageField.previewOf', { name: label })} className="h-24 w-36 shrink-0" />
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <input
              ref={input}
              id={uid}
              type="file"
              accept={acceptOf(rules)}
              className="sr-only"
              tabIndex={-1}
              aria-invalid={error ? true : undefined}
              aria-describedby={note}
              onChange={(event) => pick(event.target.files?.[0])}
            />
            <Button type="button" variant="outline" size="sm" onClick={() => input.current?.click()} aria-describedby={note}>
              <UploadIcon aria-hidden />
              {shown ? t('imageField.change') : t('imageField.upload')}
            </Button>
            {file || (removable && current) ? (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => {
                  onError(undefined);
                  onChange(null);
                }}
              >
                <XIcon aria-hidden />
                {t('imageField.remove')}
              </Button>
            ) : null}
          </div>
          {file ? <p className="truncate text-xs text-muted-foreground">{file.name}</p> : null}
        </div>
      </div>
      {error ? (
        <p id={`${uid}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : (
        <p id={`${uid}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <UploadProgress fraction={progress} />
    </div>
  );
}

/**
 * The one optional picture of a multipart form: the chosen file, its problem and the upload's progress.
 * `field` is spread on the ImageField (with its label, rules and translated `error`); `stored` shows until a file is chosen.
 */
export function useImageUpload(stored: string | null | undefined) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const [progress, setProgress] = useState<number | null>(null);
  return {
    file,
    error,
    setError,
    field: { current: stored, file, onChange: setFile, onError: setError, progress },
    /** Shows the bar as the save starts; the progress callback for the upload, when there is a file to send. */
    start: () => {
      setProgress(file ? 0 : null);
      return file ? setProgress : undefined;
    },
    /** Hides the bar once the save is over, sent or not. */
    finish: () => setProgress(null),
  };
}
