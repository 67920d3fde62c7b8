import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { notify } from '@/lib/notify';
import { isStaff } from '@/lib/session';
import { SignInForm } from './sign-in-form';

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

/** The header's Sign In modal: staff continue to the dashboard, shoppers stay on the page they were reading. */
export default function SignInDialog({ open, onOpenChange }: Props) {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('signIn.title')}</DialogTitle>
          <DialogDescription>{t('signIn.description')}</DialogDescription>
        </DialogHeader>
        <SignInForm
          onSignedIn={(user) => {
            onOpenChange(false);
            notify.success(t('signIn.welcome', { name: user.fullname }));
            if (isStaff(user)) void navigate('/dashboard');
          }}
        />
        <p className="text-center text-sm text-muted-foreground">
          {t('signIn.noAccount')}{' '}
          <Link
            to="/register?role=customer"
            onClick={() => onOpenChange(false)}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('signIn.createAccount')}
          </Link>
        </p>
      </DialogContent>
    </Dialog>
  );
}
