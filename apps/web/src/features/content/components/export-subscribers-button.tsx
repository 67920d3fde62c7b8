import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { notify } from '@/lib/notify';
import { errorText } from '@/lib/error-text';
import { fetchSubscribersCsv } from '../api/content-admin';

function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Saves the confirmed newsletter subscribers as a CSV file (admins only). */
export function ExportSubscribersButton() {
  const { t } = useTranslation(['content', 'common']);
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      const blob = await fetchSubscribersCsv();
      save(blob, `newsletter-subscribers-${new Date().toISOString().slice(0, 10)}.csv`);
      notify.success(t('admin.subscribers.exported'));
    } catch (error) {
      notify.error(errorText(t, error, t('admin.subscribers.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button variant="outline" onClick={() => void run()} disabled={busy}>
      {busy ? <Spinner /> : <DownloadIcon aria-hidden />}
      {t('admin.subscribers.export')}
    </Button>
  );
}
