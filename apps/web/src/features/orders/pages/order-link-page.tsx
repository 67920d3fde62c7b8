import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DownloadIcon, SearchIcon } from 'lucide-react';
import { OrderStatusBadge } from '@/components/orders/order-status-badge';
import { Alert } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useErrorText } from '@/lib/error-text';
import { formatDate } from '@/lib/format';
import { usePageMeta } from '@/lib/use-page-meta';
import { cn } from '@/lib/utils';
import { linkedInvoiceUrl, useLinkedOrder } from '../api/order-links';
import { OrderDetails } from '../components/order-panels';

/**
 * /orders/view/:token: the order an order mail's signed link opens, without a sign-in, as its buyer's
 * own order page shows it, with its invoice. A bad or expired link says so and leads to the look-up.
 */
/** React puts it in the document's head: the page is never indexed, whatever it shows (robots.txt keeps crawlers off /orders too). */
const NOINDEX = <meta name="robots" content="noindex" />;

export default function OrderLinkPage() {
  const { t, i18n } = useTranslation('commerce');
  const { token } = useParams();
  const order = useLinkedOrder(token);
  const errorMessage = useErrorText();
  const data = order.data;
  // The link is the key to someone's order: never indexed, whatever it opens.
  usePageMeta(data ? t('order.title', { number: data.number }) : t('orderLink.title'), undefined, { noindex: true });

  if (order.isPending) {
    return (
      <div className="flex justify-center py-16">
        {NOINDEX}
        <Spinner label={t('order.loading')} className="size-8" />
      </div>
    );
  }
  if (order.isError || !data) {
    const status = order.error instanceof ApiError ? order.error.status : 0;
    const known = status === 404 || status === 410;
    return (
      <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6 sm:py-16">
        {NOINDEX}
        <h1 className="text-3xl font-bold tracking-tight">{status === 410 ? t('orderLink.expiredTitle') : t('orderLink.title')}</h1>
        <Alert variant="error" role="alert" className="mt-6">
          {status === 410 ? t('messages.orderLinkExpired') : status === 404 ? t('messages.orderLinkInvalid') : errorMessage(order.error, t('order.loadFailed'))}
          {known ? null : (
            <Button variant="link" size="inline" onClick={() => void order.refetch()}>
              {t('cart.retry')}
            </Button>
          )}
        </Alert>
        <Link to="/orders/lookup" className={cn(buttonVariants({ variant: 'default' }), 'mt-6')}>
          <SearchIcon aria-hidden />
          {t('orderLink.askAgain')}
        </Link>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      {NOINDEX}
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('order.title', { number: data.number })}</h1>
        <OrderStatusBadge status={data.status} />
      </div>
      <p className="mt-1 text-muted-foreground">
        {t('order.placedOn', { date: formatDate(data.created_at, i18n.resolvedLanguage, { dateStyle: 'long', timeStyle: 'short' }) })}
      </p>
      <p className="mt-1 text-sm text-muted-foreground">{t('orderLink.private')}</p>
      <div className="mt-5 flex flex-wrap gap-2">
        <a href={linkedInvoiceUrl(token!)} download={`${data.number}.pdf`} className={buttonVariants({ variant: 'outline' })}>
          <DownloadIcon aria-hidden />
          {t('order.invoice')}
        </a>
      </div>
      <OrderDetails order={data} />
    </div>
  );
}
