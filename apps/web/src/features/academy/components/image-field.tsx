import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageIcon, UploadIcon, XIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
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
