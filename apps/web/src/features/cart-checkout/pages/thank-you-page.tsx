import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CircleCheckBigIcon, MailIcon, PackageIcon, TruckIcon } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/lib/session';
import { usePageMeta } from '@/lib/use-page-meta';
import { cn } from '@/lib/utils';
import { useOrder } from '@/lib/order-api';
import { completedOrder } from '../placed-order';

/**
 * /thank-you?order=<id>: the order number as the server gave it (from the checkout's navigation, the
 * tab's record of it, or the order itself for a signed-in buyer), never one made up here.
 */
export default function ThankYouPage() {
  const { t } = useTranslation('commerce');
  usePageMeta(t('thankYou.title'), t('thankYou.description'));
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const id = params.get('order') ?? undefined;
  const state = useLocation().state as { number?: unknown } | null;
  const known = typeof state?.number === 'string' ? state.number : id ? completedOrder(id)?.number : undefined;
  const order = useOrder(!known && user ? id : undefined);
  const number = known ?? order.data?.number;

  const steps = [
    { icon: MailIcon, text: t('thankYou.steps.mail') },
    { icon: PackageIcon, text: t('thankYou.steps.prepare') },
    { icon: TruckIcon, text: user ? t('thankYou.steps.trackSignedIn') : t('thankYou.steps.track') },
  ];

  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6 sm:py-16">
      <div className="flex flex-col items-center text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-success-soft text-success">
          <CircleCheckBigIcon className="size-8" aria-hidden />
        </span>
        <h1 className="mt-5 text-3xl font-bold tracking-tight">{t('thankYou.heading')}</h1>
        {number ? (
          <p className="mt-4 grid gap-1 text-lg">
            {t('thankYou.numberLabel')} <strong className="font-mono text-2xl tracking-wide whitespace-nowrap">{number}</strong>
          </p>
        ) : order.isFetching ? (
          <Spinner label={t('thankYou.loading')} className="mt-4 size-6" />
        ) : (
          <p className="mt-4 text-muted-foreground">{t('thankYou.numberInMail')}</p>
        )}
      </div>
      <section aria-labelledby="next-steps" className="mt-10 rounded-xl border bg-card p-6 shadow-sm">
        <h2 id="next-steps" className="text-lg font-semibold">
          {t('thankYou.next')}
        </h2>
        <ol className="mt-4 grid gap-4">
          {steps.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-start gap-3">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-secondary text-primary">
                <Icon className="size-4" aria-hidden />
              </span>
              <span className="pt-1">{text}</span>
            </li>
          ))}
        </ol>
      </section>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {user && id ? (
          <Link to={`/orders/${encodeURIComponent(id)}`} className={buttonVariants({ variant: 'default' })}>
            {t('thankYou.viewOrder')}
          </Link>
        ) : null}
        <Link to="/categories" className={cn(buttonVariants({ variant: user && id ? 'outline' : 'ember' }))}>
          {t('thankYou.continue')}
        </Link>
      </div>
      {user ? null : (
        <p className="mt-6 text-center text-sm text-muted-foreground">
          <Link to="/orders/lookup" className="font-medium text-primary underline-offset-4 hover:underline">
            {t('thankYou.findOrder')}
          </Link>
        </p>
      )}
    </div>
  );
}
