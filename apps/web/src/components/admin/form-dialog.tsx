import type { ComponentProps, ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** Passed to DialogContent: its size, or classes such as a max width. */
  size?: ComponentProps<typeof DialogContent>['size'];
  className?: string;
  /** The form; `done` closes the dialog. The content mounts on each opening, so the form starts from the row shown. */
  children: (done: () => void) => ReactNode;
};

/** The shell of an add/edit dialog: a titled, described dialog around a form that closes it when done. */
export function FormDialog({ open, onOpenChange, title, description, size, className, children }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size={size} className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children(() => onOpenChange(false))}
      </DialogContent>
    </Dialog>
  );
}
