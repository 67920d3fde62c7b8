import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MailPlusIcon } from 'lucide-react';
import { InviteAdminInput } from '@meltway/shared/accounts/people.schema';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { notify } from '@/lib/notify';
import { useSchemaForm } from '@/lib/use-schema-form';
import { errorText, showServerIssues } from '@/lib/error-text';
import { useInviteAdmin } from '../api/admins';
import { TextField } from '@/components/form/text-field';
import { useFieldText } from '@/lib/field-text';

/** Invites an admin by email: the server creates the account and mails a link to set a password. */
export function InviteAdminDialog() {
  const { t } = useTranslation(['dashboard', 'accounts', 'common']);
  const message = useFieldText();
  const uid = useId();
  const [open, setOpen] = useState(false);
  const invite = useInviteAdmin();
  const form = useSchemaForm(InviteAdminInput, { fullname: '', email: '' });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const admin = await invite.mutateAsync(values);
      notify.success(t('admins.invited', { email: admin.email }));
      reset();
      setOpen(false);
    } catch (error) {
      if (!showServerIssues(t, error, setError, { fields: ['fullname', 'email'] })) notify.error(errorText(t, error, t('admins.inviteFailed')));
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <MailPlusIcon aria-hidden />
          {t('admins.invite')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('admins.inviteTitle')}</DialogTitle>
          <DialogDescription>{t('admins.inviteDescription')}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
          <TextField id={`${uid}-name`} label={t('accounts:fields.fullname')} autoComplete="off" error={message(errors.fullname?.message)} {...register('fullname')} />
          <TextField id={`${uid}-email`} label={t('accounts:fields.email')} type="email" autoComplete="off" error={message(errors.email?.message)} {...register('email')} />
          <Button type="submit" disabled={invite.isPending}>
            {invite.isPending ? <Spinner /> : null}
            {t('admins.sendInvite')}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
