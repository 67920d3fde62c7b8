import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { CircleCheckIcon, CircleXIcon, MailIcon } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { usePageMeta } from '@/lib/use-page-meta';
import { cn } from '@/lib/utils';
import { confirmNewsletter, unsubscribeNewsletter } from '../api/newsletter';
import { useErrorText } from '@/lib/error-text';
import { useFieldText } from '@/lib/field-text';

type Action = 'confirm' | 'unsubscribe';

/** The page a newsletter mail links to: it spends the token once, then says how it went. */
export function NewsletterTokenView({ action }: { action: Action }) {
  const { t } = useTranslation('content');
  // The answer is one of the shared texts: it is shown in the reader's language by its code.
  const message = useFieldText();
  const contentError = useErrorText();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  usePageMeta(t(`newsletter.${action}.title`), t(`newsletter.${action}.description`));
  const mutation = useMutation({ mutationFn: action === 'confirm' ? confirmNewsletter : unsubscribeNewsletter });
  const started = useRef(false);
  useEffect(() => {
    if (token && !started.current) {
      started.current = true;
      mutation.mutate(token);
    }
  }, [token, mutation]);

  const failed = !token || mutation.isError;
  const done = mutation.isSuccess;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:px-6">
      <span className={cn('flex size-14 items-center justify-center rounded-full', failed ? 'bg-destructive/10 text-destructive' : done ? 'bg-success-soft text-success' : 'bg-secondary text-primary')}>
        {failed ? <CircleXIcon className="size-7" aria-hidden /> : done ? <CircleCheckIcon className="size-7" aria-hidden /> : <MailIcon className="size-7" aria-hidden />}
      </span>
      <h1 className="mt-5 text-2xl font-bold tracking-tight">{t(`newsletter.${action}.title`)}</h1>
      <div className="mt-3 text-muted-foreground" role={failed ? 'alert' : 'status'}>
        {!token
          ? t('messages.newsletterLinkInvalid')
          : mutation.isError
            ? contentError(mutation.error, t('newsletter.failed'))
            : done
              ? (message(mutation.data.message) ?? mutation.data.message)
              : <Spinner label={t('newsletter.working')} className="size-6" />}
      </div>
      <Link to="/" className={cn(buttonVariants({ variant: 'outline' }), 'mt-8')}>
        {t('newsletter.backHome')}
      </Link>
    </div>
  );
}

