import { useState } from 'react';
import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';

/**
 * Asks before a form with unsaved changes is left for another page. `whileSaving` wraps the save,
 * during which the page may navigate away (to the list, once created) without asking.
 */
export function useUnsavedGuard(isDirty: boolean) {
  const { t } = useTranslation('academy');
  const [saving, setSaving] = useState(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => isDirty && !saving && currentLocation.pathname !== nextLocation.pathname);

  const whileSaving = async (save: () => Promise<void>) => {
    setSaving(true);
    try {
      await save();
    } finally {
      setSaving(false);
    }
  };

  const dialog = (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      title={t('unsaved.title')}
      description={t('unsaved.description')}
      confirmLabel={t('unsaved.leave')}
      onConfirm={() => blocker.proceed?.()}
    />
  );
  return { dialog, whileSaving };
}
