import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderLookupInput } from '@meltway/shared/orders/order.schema';
import { TextField } from '@/components/form/text-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useErrorText } from '@/lib/error-text';
import { useFieldText } from '@/lib/field-text';
import { usePageMeta } from '@/lib/use-page-meta';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useLookupOrder } from '../api/order-links';

/**
 * /orders/lookup: an order number and the email it was placed with; the order's link is mailed to that
 * email. The page confirms in the same words whether or not such an order exists.
 */
export default function OrderLookupPage() {
  const { t } = useTranslation('commerce');
  usePageMeta(t('orderLookup.title'), t('orderLookup.description'), { noindex: true });
  const uid = useId();
  const message = useFieldText();
  const errorMessage = useErrorText();
  const lookup = useLookupOrder();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm(OrderLookupInput, { number: '', email: '' });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await lookup.mutateAsync(values);
      setSent(true);
    } catch (error) {
      setFailure(errorMessage(error, t('orderLookup.failed')));
    }
  });

  return (
    <div className="mx-auto max-w-lg px-4 py-10 sm:px-6 sm:py-16">
      {/* React puts it in the document's head: the page is never indexed. */}
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-bold tracking-tight">{t('orderLookup.title')}</h1>
      <p className="mt-2 text-muted-foreground">{t('orderLookup.intro')}</p>
      {sent ? (
        <div className="mt-6 grid gap-4">
          <Alert variant="success" role="status">
            {t('messages.orderLinkSent')}
          </Alert>
          <p className="text-sm text-muted-foreground">{t('orderLookup.checkMail')}</p>
          <Button variant="outline" className="justify-self-start" onClick={() => setSent(false)}>
            {t('orderLookup.again')}
          </Button>
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="mt-6 grid gap-4 rounded-xl border bg-card p-5 shadow-sm">
          {failure ? (
            <Alert variant="error" role="alert">
              {failure}
            </Alert>
          ) : null}
          <TextField
            id={`${uid}-number`}
            label={t('orderLookup.number')}
            hint={t('orderLookup.numberHint')}
            autoComplete="off"
            spellCheck={false}
            error={message(errors.number?.message)}
            {...register('number')}
          />
          <TextField id={`${uid}-email`} label={t('orderLookup.email')} type="email" autoComplete="email" error={message(errors.email?.message)} {...register('email')} />
          <Button type="submit" disabled={lookup.isPending}>
            {lookup.isPending ? <Spinner /> : null}
            {t('orderLookup.submit')}
          </Button>
        </form>
      )}
    </div>
  );
}
