import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NewsletterInput } from '@meltway/shared/content/newsletter.schema';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useSubscribeToNewsletter } from '@/features/content/api/newsletter';
import { useErrorText } from '@/lib/error-text';
import { useFieldText } from '@/lib/field-text';

/** Double opt-in: the server mails a confirmation link and answers the same for any address. */
export default function NewsletterForm() {
  const { t } = useTranslation(['common', 'content']);
  const message = useFieldText();
  const contentError = useErrorText();
  const subscribe = useSubscribeToNewsletter();
  const [notice, setNotice] = useState<{ kind: 'sent' | 'failed'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm(NewsletterInput, { email: '' });
  const error = message(errors.email?.message);

  const onSubmit = handleSubmit(async (values) => {
    setNotice(null);
    try {
      await subscribe.mutateAsync(values);
      setNotice({ kind: 'sent', text: t('content:messages.subscribeSent') });
    } catch (failure) {
      setNotice({ kind: 'failed', text: contentError(failure, t('content:newsletter.failed')) });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-2">
      <label htmlFor="newsletter-email" className="sr-only">
        {t('footer.newsletter.emailLabel')}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id="newsletter-email"
          type="email"
          autoComplete="email"
          placeholder={t('footer.newsletter.placeholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'newsletter-email-error' : notice ? 'newsletter-notice' : undefined}
          className="h-10 w-full min-w-0 rounded-md border border-white/25 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-300 aria-invalid:border-orange-300 md:text-sm"
          {...register('email', { onChange: () => setNotice(null) })}
        />
        <Button type="submit" variant="ember" disabled={subscribe.isPending}>
          {subscribe.isPending ? <Spinner /> : null}
          {t('footer.newsletter.subscribe')}
        </Button>
      </div>
      {error ? (
        <p id="newsletter-email-error" className="text-sm font-medium text-orange-200">
          {error}
        </p>
      ) : null}
      {notice ? (
        <p id="newsletter-notice" role={notice.kind === 'sent' ? 'status' : 'alert'} className={notice.kind === 'sent' ? 'text-sm text-white' : 'text-sm font-medium text-orange-200'}>
          {notice.text}
        </p>
      ) : null}
    </form>
  );
}
