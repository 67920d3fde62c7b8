import { useTranslation } from 'react-i18next';
import { Toaster as Sonner } from 'sonner';

export default function Toaster() {
  const { t } = useTranslation();
  return (
    <Sonner
      position="top-center"
      closeButton
      theme="system"
      containerAriaLabel={t('toasts.label')}
      toastOptions={{ closeButtonAriaLabel: t('toasts.close') }}
    />
  );
}
