import { useTranslation } from 'react-i18next';
import { DownloadButton } from '@/components/download-button';
import { notify } from '@/lib/notify';
import { saveFile } from '@/lib/save-file';
import { fetchSubscribersCsv } from '../api/content-admin';

/** Saves the confirmed newsletter subscribers as a CSV file (admins only). */
export function ExportSubscribersButton() {
  const { t } = useTranslation(['content', 'common']);
  const download = async () => {
    const blob = await fetchSubscribersCsv();
    saveFile(blob, `newsletter-subscribers-${new Date().toISOString().slice(0, 10)}.csv`);
    notify.success(t('admin.subscribers.exported'));
  };
  return (
    <DownloadButton download={download} failed={t('admin.subscribers.failed')}>
      {t('admin.subscribers.export')}
    </DownloadButton>
  );
}
