import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DownloadIcon, SearchIcon } from 'lucide-react';
import type { OrderOut } from '@meltway/shared/orders/order.schema';
import { OrderStatusBadge } from '@/components/orders/order-status-badge';
import { PageFailure, PageLoading } from '@/components/page-states';
import { QueryState } from '@/components/query-state';
import { buttonVariants } from '@/components/ui/button';
import { useErrorText } from '@/lib/error-text';
import { formatDate } from '@/lib/format';
import { usePageMeta } from '@/lib/use-page-meta';
import { cn } from '@/lib/utils';
import { linkedInvoiceUrl, useLinkedOrder } from '../api/order-links';
import { OrderDetails } from '../components/order-panels';

/** React puts it in the document's head: the page is never indexed, whatever it shows (robots.txt keeps crawlers off /orders too). */
const NOINDEX = <meta name="robots" content="noindex" />;

/**
 * /orders/view/:token: the order an order mail's signed link opens, without a sign-in, as its buyer's
 * own order page shows it, with its invoice. A bad or expired link says so and leads to the look-up.
 */
export default function OrderLinkPage() {
  const { t } = useTranslation('commerce');
  const { token = '' } = useParams();
  const order = useLinkedOrder(token);
  const errorMessage = useErrorText();
  const data = order.data;
  // The link is the key to someone's order: never indexed, whatever it opens.
  usePageMeta(data ? t('order.title', { number: data.number }) : t('orderLink.title'), undefined, { noindex: true });
  /** A link that opens nothing: why, and where to ask for a new one. */
  const refused = (title: string, message: string, retry?: () => void) => (
    <PageFailure
      title={title}
      message={message}
      retry={retry ? { label: t('cart.retry'), onRetry: retry } : undefined}
      className="mx-auto max-w-2xl px-4 py-10 sm:px-6 sm:py-16"
    >
      <Link to="/orders/lookup" className={cn(buttonVariants({ variant: 'default' }), 'mt-6')}>
        <SearchIcon aria-hidden />
        {t('orderLink.askAgain')}
      </Link>
    </PageFailure>
  );

  return (
    <>
      {NOINDEX}
      <QueryState
        query={order}
        loading={<PageLoading label={t('order.loading')} />}
        notFound={refused(t('orderLink.title'), t('messages.orderLinkInvalid'))}
        gone={refused(t('orderLink.expiredTitle'), t('messages.orderLinkExpired'))}
        failed={(error) => refused(t('orderLink.title'), errorMessage(error, t('order.loadFailed')), () => void order.refetch())}
      >
        {(loaded) => <LinkedOrder order={loaded} token={token} />}
      </QueryState>
    </>
  );
}

/** The order as its buyer's own page shows it, with the link's invoice and no actions. */
function LinkedOrder({ order, token }: { order: OrderOut; token: string }) {
  const { t, i18n } = useTranslation('commerce');
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('order.title', { number: order.number })}</h1>
        <OrderStatusBadge status={order.status} />
      </div>
      <p className="mt-1 text-muted-foreground">
        {t('order.placedOn', { date: formatDate(order.created_at, i18n.resolvedLanguage, { dateStyle: 'long', timeStyle: 'short' }) })}
      </p>
      <p className="mt-1 text-sm text-muted-foreground">{t('orderLink.private')}</p>
      <div className="mt-5 flex flex-wrap gap-2">
        <a href={linkedInvoiceUrl(token)} download={`${order.number}.pdf`} className={buttonVariants({ variant: 'outline' })}>
          <DownloadIcon aria-hidden />
          {t('order.invoice')}
        </a>
      </div>
      <OrderDetails order={order} />
    </div>
  );
}
