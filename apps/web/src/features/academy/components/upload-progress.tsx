import { useTranslation } from 'react-i18next';

/** How much of an upload has gone out, for sighted users and screen readers alike. */
export function UploadProgress({ fraction }: { fraction: number | null }) {
  const { t } = useTranslation('academy');
  if (fraction === null) return null;
  const percent = Math.round(fraction * 100);
  return (
    <div className="grid gap-1">
      <div
        role="progressbar"
        aria-label={t('upload.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-muted-foreground">{t('upload.percent', { percent })}</p>
    </div>
  );
}
