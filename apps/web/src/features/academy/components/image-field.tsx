import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageIcon, UploadIcon, XIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { useObjectUrl } from '@/lib/use-object-url';
import { cn } from '@/lib/utils';
import { COVER_MAX_BYTES, academyText } from './academy-text';

type Props = {
  label: string;
  /** What is shown now: an object URL, a data URL or a path on the API host; none when empty. */
  src: string | undefined;
  error?: string;
  hint?: string;
  onPick: (file: File) => void;
  /** Absent when the picture shown cannot be removed here (a stored one the server keeps until replaced). */
  onRemove?: () => void;
  onError: (message: string) => void;
};

/** Picks an image (checked here: an image, at most 2 MB), previews it, and lets it be changed or removed. */
export function ImageField({ label, src, error, hint, onPick, onRemove, onError }: Props) {
  const { t } = useTranslation('academy');
  const uid = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  const pick = (file: File | undefined) => {
    if (inputRef.current) inputRef.current.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) return onError(academyText.onlyImages);
    if (file.size > COVER_MAX_BYTES) return onError(academyText.imageTooLarge);
    onPick(file);
  };

  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={uid}>{label}</Label>
      <div
        className={cn(
          'flex flex-col items-center gap-3 rounded-lg border border-dashed bg-muted/40 p-3 sm:flex-row sm:items-center',
          error && 'border-destructive',
        )}
      >
        <div className="flex h-24 w-36 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-background">
          {src ? (
            <img src={src} alt={t('image.preview', { name: label })} className="size-full object-cover" />
          ) : (
            <ImageIcon className="size-8 text-muted-foreground" aria-hidden />
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <input
            ref={inputRef}
            id={uid}
            type="file"
            accept="image/*"
            className="sr-only"
            tabIndex={-1}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${uid}-error` : `${uid}-hint`}
            onChange={(event) => pick(event.target.files?.[0])}
          />
          <Button type="button" variant="outline" size="sm" onClick={() => inputRef.current?.click()} aria-describedby={error ? `${uid}-error` : `${uid}-hint`}>
            <UploadIcon aria-hidden />
            {src ? t('image.change') : t('image.upload')}
          </Button>
          {src && onRemove ? (
            <Button type="button" variant="ghost" size="sm" onClick={onRemove}>
              <XIcon aria-hidden />
              {t('image.remove')}
            </Button>
          ) : null}
        </div>
      </div>
      {error ? (
        <p id={`${uid}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : (
        <p id={`${uid}-hint`} className="text-xs text-muted-foreground">
          {hint ?? t('image.hint')}
        </p>
      )}
    </div>
  );
}

/**
 * The picture of a form with one ImageField: the picked file, its problem and the upload's progress.
 * `field` is spread on the ImageField (with its label and translated `error`); `stored` shows until a file is picked.
 */
export function usePickedImage(stored: string | null | undefined) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | null>(null);
  const preview = useObjectUrl(file);
  return {
    file,
    error,
    progress,
    /** The upload's progress callback, when there is a file to send. */
    onProgress: file ? setProgress : undefined,
    /** Hides the progress again after a failed save. */
    failed: () => setProgress(null),
    field: {
      src: preview ?? stored ?? undefined,
      onPick: (picked: File) => {
        setError(undefined);
        setFile(picked);
      },
      onRemove: file ? () => setFile(null) : undefined,
      onError: setError,
    },
  };
}
