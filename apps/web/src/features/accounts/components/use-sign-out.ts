import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { useLogout } from '../api/logout';

/** Log out: the session is gone at once, then home. */
export function useSignOut() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { mutate } = useLogout();
  return async () => {
    mutate();
    await navigate('/');
    notify.info(t('account.signedOut'));
  };
}
