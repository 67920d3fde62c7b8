import { useTranslation } from 'react-i18next';
import type { OrderEventOut } from '@meltway/shared/orders/order.schema';
import { codeText } from '@/lib/error-text';
import { formatDate, formatPrice } from '@/lib/format';

/** An order's events, oldest first: what happened, when, who did it, and its note (carrier, amount, reason). */
export function OrderTimeline({ events }: { events: OrderEventOut[] }) {
  const { t, i18n } = useTranslation('commerce');
  const language = i18n.resolvedLanguage;
  return (
    <ol className="grid gap-0">
      {events.map((event, index) => {
        const who =
          event.actorRole === 'system'
            ? t('timeline.bySystem')
            : t('timeline.by', { name: event.actorName ?? t(`timeline.roles.${event.actorRole}`) });
        return (
          <li key={event.id} className="relative grid gap-0.5 pb-5 pl-6 last:pb-0">
            <span aria-hidden className="absolute top-1.5 left-0 size-2.5 rounded-full bg-primary" />
            {index < events.length - 1 ? <span aria-hidden className="absolute top-4 bottom-0 left-[4.5px] w-px bg-border" /> : null}
            <p className="font-medium">
              {t(`timeline.actions.${event.action}`)}
              {event.amountCents !== null ? <span className="tabular-nums"> · {formatPrice(event.amountCents, language)}</span> : null}
            </p>
            <p className="text-sm text-muted-foreground">
              <time dateTime={event.at}>{formatDate(event.at, language, { dateStyle: 'medium', timeStyle: 'short' })}</time>
              {' · '}
              {who}
            </p>
            {event.note ? <p className="text-sm [overflow-wrap:anywhere]">{codeText(t, event.noteCode, undefined, event.note)}</p> : null}
          </li>
        );
      })}
    </ol>
  );
}
