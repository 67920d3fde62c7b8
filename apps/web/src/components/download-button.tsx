import { useState, type ReactNode } from 'react';
import { DownloadIcon } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useErrorText } from '@/lib/error-text';
import { notify } from '@/lib/notify';

/** A button that fetches a file through the api client and saves it; a failure is a toast. */
export function DownloadButton({
  download,
  failed,
  children,
  ...props
}: Omit<ButtonProps, 'onClick'> & { download: () => Promise<void>; failed: string; children: ReactNode }) {
  const errorMessage = useErrorText();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await download();
    } catch (error) {
      notify.error(errorMessage(error, failed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" {...props} onClick={() => void run()} disabled={busy || props.disabled}>
      {busy ? <Spinner /> : <DownloadIcon aria-hidden />}
      {children}
    </Button>
  );
}
