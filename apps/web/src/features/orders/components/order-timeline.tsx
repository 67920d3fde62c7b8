import { useTranslation } from 'react-i18next';
import type { OrderEventOut } from '@meltway/shared/orders/order.schema';
import { codeText } from '@/lib/error-text';
import { formatDate, formatPrice } from '@/lib/format';

/** What happened to the order, oldest first: the step, who took it and when, with its note and amount. */
export function OrderTimeline({ events }: { events: OrderEventOut[] }) {
  const { t, i18n } = useTranslation(['orders', 'commerce']);
  const language = i18n.resolvedLanguage;
  if (!events.length) return <p className="text-sm text-muted-foreground">{t('timeline.empty')}</p>;
  return (
    <ol className="grid gap-0" aria-label={t('timeline.title')}>
      {events.map((event, index) => {
        const actor = t(`timeline.actors.${event.actorRole}`);
        const last = index === events.length - 1;
        return (
          <li key={event.id} className="relative grid grid-cols-[1.25rem_1fr] gap-3 pb-5 last:pb-0">
            <span aria-hidden className="relative flex justify-center">
              <span className="mt-1.5 size-2.5 rounded-full bg-primary ring-4 ring-primary/15" />
              {last ? null : <span className="absolute top-5 bottom-[-1.25rem] w-px bg-border" />}
            </span>
            <div className="grid gap-0.5">
              <p className="font-medium">
                {t(`timeline.actions.${event.action}`)}
                {event.fromStatus !== event.toStatus ? (
                  <span className="font-normal text-muted-foreground">
                    {' · '}
                    {event.fromStatus
                      ? t('timeline.moved', { from: t(`commerce:status.${event.fromStatus}`), to: t(`commerce:status.${event.toStatus}`) })
                      : t(`commerce:status.${event.toStatus}`)}
                  </span>
                ) : null}
              </p>
              <p className="text-sm text-muted-foreground">
                <time dateTime={event.at}>{formatDate(event.at, language, { dateStyle: 'medium', timeStyle: 'short' })}</time>
                {' · '}
                {event.actorName ? t('timeline.byNamed', { name: event.actorName, role: actor }) : t(`timeline.by.${event.actorRole}`)}
              </p>
              {event.amountCents !== null ? <p className="text-sm tabular-nums">{formatPrice(event.amountCents, language)}</p> : null}
              {event.note ? <p className="text-sm break-words">{codeText(t, event.noteCode, undefined, event.note)}</p> : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
