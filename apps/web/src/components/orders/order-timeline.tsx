import { useTranslation } from 'react-i18next';
import type { OrderEventOut } from '@meltway/shared/orders/order.schema';
import { codeText } from '@/lib/error-text';
import { formatDate, formatPrice } from '@/lib/format';

/**
 * Whose words the timeline speaks. The buyer's: each step in plain words ("Being prepared"), taken "by Ada
 * Admin", "by you" or "automatically". The staff's: each step with the statuses it moved the order between,
 * who took it and in which role ("by Ada Admin (admin)", "by the system"), and what to show before anything happened.
 */
type TimelineWording = 'buyer' | 'staff';

function useEventWords(wording: TimelineWording) {
  const { t } = useTranslation(['orders', 'commerce']);
  if (wording === 'buyer') {
    return {
      action: (event: OrderEventOut) => t(`commerce:timeline.actions.${event.action}`),
      moved: () => null,
      who: (event: OrderEventOut) =>
        event.actorRole === 'system'
          ? t('commerce:timeline.bySystem')
          : t('commerce:timeline.by', { name: event.actorName ?? t(`commerce:timeline.roles.${event.actorRole}`) }),
    };
  }
  return {
    action: (event: OrderEventOut) => t(`orders:timeline.actions.${event.action}`),
    moved: (event: OrderEventOut) =>
      event.fromStatus === event.toStatus
        ? null
        : event.fromStatus
          ? t('orders:timeline.moved', { from: t(`commerce:status.${event.fromStatus}`), to: t(`commerce:status.${event.toStatus}`) })
          : t(`commerce:status.${event.toStatus}`),
    who: (event: OrderEventOut) =>
      event.actorName
        ? t('orders:timeline.byNamed', { name: event.actorName, role: t(`orders:timeline.actors.${event.actorRole}`) })
        : t(`orders:timeline.by.${event.actorRole}`),
  };
}

/** What happened to the order, oldest first: the step, who took it and when, with its amount and note, in `wording`'s words. */
export function OrderTimeline({ events, wording }: { events: OrderEventOut[]; wording: TimelineWording }) {
  const { t, i18n } = useTranslation(['orders', 'commerce']);
  const words = useEventWords(wording);
  const language = i18n.resolvedLanguage;
  if (!events.length) return <p className="text-sm text-muted-foreground">{t('orders:timeline.empty')}</p>;
  return (
    <ol className="grid gap-0" aria-label={t('orders:timeline.title')}>
      {events.map((event, index) => {
        const moved = words.moved(event);
        return (
          <li key={event.id} className="relative grid grid-cols-[1.25rem_1fr] gap-3 pb-5 last:pb-0">
            <span aria-hidden className="relative flex justify-center">
              <span className="mt-1.5 size-2.5 rounded-full bg-primary ring-4 ring-primary/15" />
              {index === events.length - 1 ? null : <span className="absolute top-5 bottom-[-1.25rem] w-px bg-border" />}
            </span>
            <div className="grid gap-0.5">
              <p className="font-medium">
                {words.action(event)}
                {moved ? (
                  <span className="font-normal text-muted-foreground">
                    {' · '}
                    {moved}
                  </span>
                ) : null}
              </p>
              <p className="text-sm text-muted-foreground">
                <time dateTime={event.at}>{formatDate(event.at, language, { dateStyle: 'medium', timeStyle: 'short' })}</time>
                {' · '}
                {words.who(event)}
              </p>
              {event.amountCents !== null ? <p className="text-sm tabular-nums">{formatPrice(event.amountCents, language)}</p> : null}
              {event.note ? <p className="text-sm [overflow-wrap:anywhere]">{codeText(t, event.noteCode, undefined, event.note)}</p> : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
