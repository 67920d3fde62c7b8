import { useTranslation } from 'react-i18next';
import { PencilIcon, Trash2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** Edit (when `onEdit` is given) and Delete icon buttons of a dashboard row, named after the row for screen readers. */
export function RowActions({ name, onEdit, onDelete }: { name: string; onEdit?: () => void; onDelete: () => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="flex justify-end gap-1">
      {onEdit ? (
        <Button variant="ghost" size="icon" className="size-8" onClick={onEdit} aria-label={t('actions.editOne', { name })}>
          <PencilIcon aria-hidden />
        </Button>
      ) : null}
      <Button
        variant="ghost"
        size="icon"
        className="size-8 text-destructive hover:text-destructive"
        onClick={onDelete}
        aria-label={t('actions.deleteOne', { name })}
      >
        <Trash2Icon aria-hidden />
      </Button>
    </div>
  );
}
