import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageIcon, Trash2Icon } from 'lucide-react';
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '@meltway/shared/catalogue/limits';
import { catalogueMessages } from '@meltway/shared/catalogue/messages';
import { designMessages } from '@meltway/shared/design/messages';
import { installationOpen, type DesignProject } from '@meltway/shared/design/project.schema';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { UploadProgress } from '@/components/form/upload-progress';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { acceptOf, checkFile, type FileRules } from '@/lib/file-check';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useDeletePhoto, useUploadPhoto } from '../api/project-installation';
import { useDesignMessages } from './design-message';

const PHOTO_RULES: FileRules = {
  types: IMAGE_TYPES,
  maxBytes: IMAGE_MAX_BYTES,
  typeMessage: designMessages.photoInvalid,
  sizeMessage: catalogueMessages.imageTooLarge,
};

type Photo = DesignProject['photos'][number];

/** The installation's site photos: thumbnails opening the full picture, and for the owner upload (with progress) and delete. */
export function ProjectPhotos({ project }: { project: DesignProject }) {
  const { t, i18n } = useTranslation('design-projects');
  const messages = useDesignMessages();
  const canRecord = project.editable && installationOpen(project.status);
  const remove = useDeletePhoto();
  const [deleting, setDeleting] = useState<{ photo: Photo; number: number } | null>(null);

  return (
    <div className="grid gap-4">
      {project.photos.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('photos.empty')}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {project.photos.map((photo, index) => {
            const number = index + 1;
            return (
              <li key={photo.id} className="group relative overflow-hidden rounded-lg border bg-muted">
                <a href={photo.url} target="_blank" rel="noreferrer" className="block focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
                  <img
                    src={photo.url}
                    alt={t('photos.alt', { number, date: formatDate(photo.createdAt, i18n.resolvedLanguage) })}
                    loading="lazy"
                    className="aspect-[4/3] w-full object-cover"
                  />
                </a>
                {canRecord ? (
                  <Button
                    variant="secondary"
                    size="icon"
                    className="absolute top-2 right-2 size-8 shadow-sm"
                    aria-label={t('photos.delete', { number })}
                    disabled={remove.isPending}
                    onClick={() => setDeleting({ photo, number })}
                  >
                    <Trash2Icon aria-hidden />
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {canRecord ? <PhotoUpload project={project} /> : null}
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('photos.deleteTitle', { number: deleting?.number ?? '' })}
        description={t('photos.deleteBody')}
        confirmLabel={t('actions.delete')}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(
            { id: project.id, photoId: deleting.photo.id },
            {
              onSuccess: () => notify.success(t('photos.deleted')),
              onError: (error) => notify.error(messages.error(error, t('photos.deleteFailed'))),
            },
          );
        }}
      />
    </div>
  );
}

/** Sends a chosen photo at once, checked for type and size first; the server checks the bytes again. */
function PhotoUpload({ project }: { project: DesignProject }) {
  const { t } = useTranslation('design-projects');
  const uid = useId();
  const messages = useDesignMessages();
  const upload = useUploadPhoto();
  const inputRef = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | null>(null);

  const pick = async (file: File | undefined) => {
    setFileError(undefined);
    if (!file) return;
    const wrong = checkFile(file, PHOTO_RULES);
    const clear = () => {
      if (inputRef.current) inputRef.current.value = '';
    };
    if (wrong) {
      clear();
      return setFileError(wrong);
    }
    try {
      setProgress(0);
      await upload.mutateAsync({ id: project.id, photo: file, onProgress: setProgress });
      notify.success(t('photos.uploaded'));
    } catch (error) {
      setFileError(messages.error(error, t('photos.uploadFailed')));
    } finally {
      setProgress(null);
      clear();
    }
  };

  return (
    <div className="grid gap-2">
      <Field id={`${uid}-photo`} label={t('photos.add')} error={fileError && messages.message(fileError)} hint={t('photos.hint')}>
        <div className="flex items-center gap-3 rounded-lg border border-dashed bg-muted/40 p-3">
          <ImageIcon className="size-8 shrink-0 text-primary" aria-hidden />
          <input
            ref={inputRef}
            id={`${uid}-photo`}
            type="file"
            accept={acceptOf(PHOTO_RULES)}
            disabled={upload.isPending}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? `${uid}-photo-error` : `${uid}-photo-hint`}
            onChange={(event) => void pick(event.target.files?.[0])}
            className="w-full min-w-0 text-sm file:mr-3 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-2 file:text-sm file:font-medium file:text-secondary-foreground hover:file:bg-secondary/80"
          />
        </div>
      </Field>
      <UploadProgress fraction={progress} />
    </div>
  );
}
