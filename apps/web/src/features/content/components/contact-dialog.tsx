import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactInput } from '@meltway/shared/content/contact.schema';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, fieldAria } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { notify } from '@/lib/notify';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useErrorText } from '@/lib/error-text';
import { useFieldText } from '@/lib/field-text';
import { useSession } from '@/lib/session';
import { useSendContactMessage } from '../api/contact';

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

function ContactForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('content');
  const message = useFieldText();
  const contentError = useErrorText();
  const uid = useId();
  const user = useSession()?.user;
  const send = useSendContactMessage();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm(ContactInput, { name: user?.fullname ?? '', email: user?.email ?? '', subject: '', message: '' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      notify.success(t('messages.contactSent'));
      onDone();
    } catch (error) {
      notify.error(contentError(error, t('contact.failed')));
    }
  });

  const nameError = message(errors.name?.message);
  const emailError = message(errors.email?.message);
  const bodyError = message(errors.message?.message);
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <Field id={`${uid}-name`} label={t('contact.name')} error={nameError}>
        <Input autoComplete="name" {...fieldAria(`${uid}-name`, nameError)} {...register('name')} />
      </Field>
      <Field id={`${uid}-email`} label={t('contact.email')} error={emailError}>
        <Input type="email" autoComplete="email" {...fieldAria(`${uid}-email`, emailError)} {...register('email')} />
      </Field>
      <Field id={`${uid}-subject`} label={t('contact.subject')}>
        <Input {...fieldAria(`${uid}-subject`, undefined)} {...register('subject')} />
      </Field>
      <Field id={`${uid}-message`} label={t('contact.message')} error={bodyError}>
        <textarea
          rows={5}
          className="w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-invalid:border-destructive md:text-sm"
          {...fieldAria(`${uid}-message`, bodyError)}
          {...register('message')}
        />
      </Field>
      <Button type="submit" disabled={send.isPending}>
        {send.isPending ? <Spinner /> : null}
        {t('contact.send')}
      </Button>
    </form>
  );
}

export default function ContactDialog({ open, onOpenChange }: Props) {
  const { t } = useTranslation('content');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('contact.title')}</DialogTitle>
          <DialogDescription>{t('contact.description')}</DialogDescription>
        </DialogHeader>
        {open ? <ContactForm onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
