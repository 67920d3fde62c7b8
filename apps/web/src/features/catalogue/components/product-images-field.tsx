import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowLeftIcon, ArrowRightIcon, Trash2Icon } from 'lucide-react';
import { PRODUCT_MAX_IMAGES } from '@meltway/shared/catalogue/limits';
import { catalogueMessages } from '@meltway/shared/catalogue/messages';
import type { ProductImageOut } from '@meltway/shared/catalogue/product.schema';
import { Button } from '@/components/ui/button';
import { ImagePreview } from '@/components/form/image-field';
import { acceptOf, checkFile, STORE_IMAGE_RULES } from '@/lib/file-check';
import { cn } from '@/lib/utils';

export type PendingImage = { key: string; file: File };

type Props = {
  /** Images the product already has, in their order; changes to them apply at once. */
  stored: ProductImageOut[];
  onMoveStored: (from: number, to: number) => void;
  onRemoveStored: (image: ProductImageOut) => void;
  storedBusy: boolean;
  /** Files chosen here, sent after the product is saved, in this order. */
  pending: PendingImage[];
  onPendingChange: (next: PendingImage[]) => void;
  error?: string;
  onError: (message: string | undefined) => void;
};

function move<T>(list: T[], from: number, to: number) {
  const next = list.slice();
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

function Tile({
  src,
  file,
  alt,
  name,
  badge,
  index,
  count,
  position,
  onMove,
  onRemove,
  disabled,
}: {
  /** The stored picture's address, or the chosen file. */
  src?: string;
  file?: File;
  alt: string;
  /** How the buttons name this picture: "image 2", or the file name. */
  name: string;
  badge?: string;
  index: number;
  count: number;
  /** The picture's place in the gallery once saved (new files come after the saved ones). */
  position: number;
  onMove: (to: number) => void;
  onRemove: () => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('catalogue');
  return (
    <li className="grid gap-1.5 rounded-lg border bg-background p-2">
      <div className="relative">
        <ImagePreview src={src} file={file} alt={alt} className="aspect-square w-full rounded bg-muted" />
        <span className="absolute top-1 left-1 rounded bg-background/90 px-1.5 text-xs font-semibold tabular-nums">{position}</span>
        {badge ? <span className="absolute top-1 right-1 rounded bg-ember-soft px-1.5 text-xs font-medium text-ember">{badge}</span> : null}
      </div>
      <div className="flex justify-between gap-1">
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          disabled={disabled || index === 0}
          onClick={() => onMove(index - 1)}
          aria-label={t('admin.images.moveEarlier', { name })}
        >
          <ArrowLeftIcon aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-8 text-destructive hover:text-destructive"
          disabled={disabled}
          onClick={onRemove}
          aria-label={t('admin.images.remove', { name })}
        >
          <Trash2Icon aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          disabled={disabled || index === count - 1}
          onClick={() => onMove(index + 1)}
          aria-label={t('admin.images.moveLater', { name })}
        >
          <ArrowRightIcon aria-hidden />
        </Button>
      </div>
    </li>
  );
}

/** A product's pictures: the stored ones (reorder, remove) and new files with a preview before upload. */
export function ProductImagesField({ stored, onMoveStored, onRemoveStored, storedBusy, pending, onPendingChange, error, onError }: Props) {
  const { t } = useTranslation('catalogue');
  const uid = useId();
  const input = useRef<HTMLInputElement>(null);
  const room = PRODUCT_MAX_IMAGES - stored.length - pending.length;

  const add = (files: FileList | null) => {
    if (!files?.length) return;
    const chosen = Array.from(files);
    const problem = chosen.map((file) => checkFile(file, STORE_IMAGE_RULES)).find(Boolean);
    if (input.current) input.current.value = '';
    if (problem) return onError(problem);
    if (chosen.length > room) return onError(catalogueMessages.tooManyImages);
    onError(undefined);
    onPendingChange([...pending, ...chosen.map((file, i) => ({ key: `${Date.now()}-${i}-${file.name}`, file }))]);
  };

  return (
    <div className="grid gap-4 sm:col-span-2">
      {stored.length ? (
        <div className="grid gap-2">
          <h3 className="text-sm font-medium">{t('admin.images.stored')}</h3>
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {stored.map((image, index) => (
              <Tile
                key={image.id}
                src={image.url}
                alt={t('admin.images.storedAlt', { n: index + 1 })}
                name={t('admin.images.storedName', { n: index + 1 })}
                index={index}
                count={stored.length}
                position={index + 1}
                disabled={storedBusy}
                onMove={(to) => onMoveStored(index, to)}
                onRemove={() => onRemoveStored(image)}
              />
            ))}
          </ul>
          <p className="text-xs text-muted-foreground">{t('admin.images.storedHint')}</p>
        </div>
      ) : null}
      {pending.length ? (
        <div className="grid gap-2">
          <h3 className="text-sm font-medium">{t('admin.images.pending')}</h3>
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {pending.map((image, index) => (
              <Tile
                key={image.key}
                file={image.file}
                alt={t('admin.images.pendingAlt', { name: image.file.name })}
                name={image.file.name}
                badge={t('admin.images.new')}
                index={index}
                count={pending.length}
                position={stored.length + index + 1}
                onMove={(to) => onPendingChange(move(pending, index, to))}
                onRemove={() => onPendingChange(pending.filter((p) => p.key !== image.key))}
              />
            ))}
          </ul>
        </div>
      ) : null}
      <div className="grid gap-2">
        <label htmlFor={uid} className="text-sm font-medium">
          {t('admin.images.add')}
        </label>
        <input
          ref={input}
          id={uid}
          type="file"
          multiple
          accept={acceptOf(STORE_IMAGE_RULES)}
          disabled={room <= 0}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${uid}-note`}
          onChange={(event) => add(event.target.files)}
          className={cn(
            'w-full max-w-full rounded-lg border border-dashed bg-muted/50 p-3 text-sm file:mr-3 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-2 file:text-sm file:font-medium file:text-secondary-foreground hover:file:bg-secondary/80',
            error && 'border-destructive',
          )}
        />
        <p id={`${uid}-note`} className={cn(error ? 'text-sm text-destructive' : 'text-xs text-muted-foreground')}>
          {error ?? t('admin.images.productHint', { max: PRODUCT_MAX_IMAGES })}
        </p>
      </div>
    </div>
  );
}
