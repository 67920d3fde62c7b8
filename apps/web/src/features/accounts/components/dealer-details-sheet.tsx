import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FileTextIcon } from 'lucide-react';
import type { UserOut } from '@meltway/shared/accounts/user.schema';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/notify';
import { errorText } from '@/lib/error-text';
import { openVoidCheque, useDealer } from '../api/dealers';
import { StatusBadge } from './status-badge';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children ?? '—'}</dd>
    </div>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-3">
      <h3 className="text-sm font-semibold">{title}</h3>
      <dl className="grid gap-3">{children}</dl>
    </section>
  );
}

type Props = {
  dealerId: string | null;
  onClose: () => void;
  /** Sections other features add at the end (the dealer's credit), composed in app/. */
  extra?: (dealer: UserOut) => ReactNode;
};

/** A dealer's whole record for an admin; bank numbers arrive masked from the server. */
export function DealerDetailsSheet({ dealerId, onClose, extra }: Props) {
  const { t, i18n } = useTranslation(['dashboard', 'accounts']);
  const dealer = useDealer(dealerId ?? undefined);
  const d = dealer.data;
  const data = d?.dealerData;

  const openCheque = async (path: string) => {
    try {
      await openVoidCheque(path);
    } catch (error) {
      notify.error(errorText(t, error, t('dealers.chequeFailed')));
    }
  };

  return (
    <Sheet open={!!dealerId} onOpenChange={(open) => !open && onClose()}>
      <SheetContent side="right" className="w-[min(28rem,100vw)] max-w-full">
        <SheetTitle>{d?.fullname ?? t('dealers.details')}</SheetTitle>
        <SheetDescription>{t('dealers.detailsDescription')}</SheetDescription>
        {dealer.isPending ? (
          <Spinner label={t('table.loading')} />
        ) : dealer.isError || !d ? (
          <p role="alert" className="text-sm text-destructive">
            {errorText(t, dealer.error, t('dealers.messages.fetchFailed'))}
          </p>
        ) : (
          <div className="grid gap-6">
            <Group title={t('dealers.sections.dealer')}>
              <Item label={t('table.status')}>
                <StatusBadge status={d.status} />
              </Item>
              <Item label={t('accounts:fields.email')}>{d.email}</Item>
              <Item label={t('accounts:fields.phone')}>{d.phone ? `${d.phoneCode ?? ''} ${d.phone}`.trim() : null}</Item>
              <Item label={t('accounts:fields.address')}>{d.address}</Item>
              <Item label={t('dealers.created')}>{formatDate(d.created_at, i18n.resolvedLanguage)}</Item>
              {data ? (
                <>
                  <Item label={t('accounts:fields.billingEmail')}>{data.billingEmail}</Item>
                  <Item label={t('accounts:fields.commission')}>{data.commission ?? null}</Item>
                  <Item label={t('accounts:fields.coverageRadius')}>
                    {t('accounts:fields.km', { value: data.coverageRadius })}
                  </Item>
                </>
              ) : null}
            </Group>
            {data ? (
              <>
                <Group title={t('dealers.sections.manager')}>
                  <Item label={t('accounts:fields.managerName')}>{data.manager.name}</Item>
                  <Item label={t('accounts:fields.managerEmail')}>{data.manager.email}</Item>
                  <Item label={t('accounts:fields.managerPhone')}>{data.manager.phone}</Item>
                </Group>
                <Group title={t('dealers.sections.banking')}>
                  <Item label={t('accounts:fields.accountHolderName')}>{data.bankingInfo.accountHolderName}</Item>
                  <Item label={t('accounts:fields.transitNumber')}>
                    <span className="font-mono">{data.bankingInfo.transitNumber}</span>
                  </Item>
                  <Item label={t('accounts:fields.institutionNumber')}>
                    <span className="font-mono">{data.bankingInfo.institutionNumber}</span>
                  </Item>
                  <Item label={t('accounts:fields.accountNumber')}>
                    <span className="font-mono">{data.bankingInfo.accountNumber}</span>
                  </Item>
                </Group>
              </>
            ) : null}
            {d.voidCheque ? (
              <Button variant="outline" onClick={() => void openCheque(d.voidCheque!)}>
                <FileTextIcon aria-hidden />
                {t('dealers.openCheque')}
              </Button>
            ) : (
              <p className="text-sm text-muted-foreground">{t('dealers.noCheque')}</p>
            )}
            {extra?.(d)}
          </div>
        )}
      </SheetContent>
    </Sheet>
  );
}
