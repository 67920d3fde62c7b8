import { useTranslation } from 'react-i18next';
import { ProgressBar } from '@/components/ui/progress';

/** How much of an upload has gone out, for sighted users and screen readers alike; nothing before it starts. */
export function UploadProgress({ fraction }: { fraction: number | null | undefined }) {
  const { t } = useTranslation('common');
  if (fraction === null || fraction === undefined) return null;
  const percent = Math.round(fraction * 100);
  return (
    <div className="grid gap-1">
      <ProgressBar percent={percent} aria-label={t('upload.progress')} />
      <p className="text-xs text-muted-foreground">{t('upload.percent', { percent })}</p>
    </div>
  );
}
