import { useMemo, useState } from 'react';

/** What a list page's add/edit dialog and delete confirmation are showing, with the handlers that open and close them. */
export function useCrudDialogs<T>() {
  const [editing, setEditing] = useState<T | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<T | null>(null);
  // Stable, so that table columns built with them need not be rebuilt.
  const open = useMemo(
    () => ({ create: () => setCreating(true), edit: (row: T) => setEditing(() => row), askDelete: (row: T) => setDeleting(() => row) }),
    [],
  );
  return {
    ...open,
    /** The row in the edit dialog; null when adding or closed. */
    editing,
    /** The row waiting for the delete confirmation. */
    deleting,
    /** Spread on the add/edit dialog: closing it forgets what it showed. */
    formDialog: {
      open: creating || editing !== null,
      onOpenChange: (open: boolean) => {
        if (open) return;
        setCreating(false);
        setEditing(null);
      },
    },
    /** Spread on the ConfirmDialog, with `onConfirm` running `remove` on the row asked about. */
    confirmDialog: (remove: (row: T) => void) => ({
      open: deleting !== null,
      onOpenChange: (open: boolean) => {
        if (!open) setDeleting(null);
      },
      onConfirm: () => {
        if (deleting !== null) remove(deleting);
      },
    }),
  };
}
