import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { NewsletterInput } from '@meltway/shared/content/newsletter.schema';
import { Button } from '@/components/ui/button';
import { translateMessage } from '@/lib/server-message';

/** Subscriptions are not open yet: the box checks the address and says so, and keeps nothing. */
export default function NewsletterForm() {
  const { t } = useTranslation(['common', 'accounts']);
  const [notice, setNotice] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NewsletterInput>({
    resolver: zodResolver(NewsletterInput),
    mode: 'onBlur',
    reValidateMode: 'onChange',
    defaultValues: { email: '' },
  });
  const error = errors.email?.message;
  return (
    <form noValidate onSubmit={handleSubmit(() => setNotice(true))} className="grid gap-2">
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
          {...register('email', { onChange: () => setNotice(false) })}
        />
        <Button type="submit" variant="ember">
          {t('footer.newsletter.subscribe')}
        </Button>
      </div>
      {error ? (
        <p id="newsletter-email-error" className="text-sm font-medium text-orange-200">
          {translateMessage(t, error)}
        </p>
      ) : null}
      {notice ? (
        <p id="newsletter-notice" role="status" className="text-sm text-white">
          {t('footer.newsletter.soon')}
        </p>
      ) : null}
    </form>
  );
}
