import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PiggyBankIcon } from 'lucide-react';
import { DataTable, type PageRequest } from '@/components/data-table/data-table';
import { SelectFilter } from '@/components/data-table/select-filter';
import { useTableUrlState } from '@/components/data-table/table-url-state';
import { PageShell } from '@/components/dashboard/page-shell';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';
import { localeTag } from '@/lib/i18n';
import { useCurrentUser } from '@/lib/session';
import { downloadStatement, fetchCommissionPage, useCommissionBalance } from '../api/commission';
import { useDealerChoices } from '@/lib/dealer-choices';
import { orderKeys } from '@/lib/order-keys';
import { commissionColumns } from '../components/commission-columns';
import { DownloadButton } from '@/components/download-button';
import { signedMoney } from '../components/signed-money';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** This month in the reader's time zone, as `YYYY-MM`. */
export function currentMonth(now = new Date()) {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

/**
 * A dealer's commission ledger by month, its balance and the month's statement PDF. A dealer sees its own;
 * an admin picks the dealer first. The month is in the address; an empty month box shows the whole ledger.
 */
export default function CommissionPage() {
  const { t, i18n } = useTranslation(['orders', 'dashboard']);
  const user = useCurrentUser();
  const admin = user?.role === 'admin';
  const { get, set } = useTableUrlState();
  const language = i18n.resolvedLanguage;
  const monthId = useId();
  const dealers = useDealerChoices(admin);

  const chosen = get('dealerId');
  const dealerId = admin ? (chosen && UUID.test(chosen) ? chosen : undefined) : user?.id;
  const monthParam = get('month');
  // No month in the address is this month; `all` is the whole ledger.
  const month = monthParam === 'all' ? undefined : monthParam && MONTH.test(monthParam) ? monthParam : currentMonth();
  const balance = useCommissionBalance(dealerId, month);
  const columns = useMemo(() => commissionColumns(t, language), [t, language]);
  const percent = new Intl.NumberFormat(localeTag(language), { style: 'percent', maximumFractionDigits: 2 });
  const monthLabel = month ? formatDate(`${month}-15T12:00:00Z`, language, { month: 'long', year: 'numeric' }) : undefined;

  const dealerSelect = admin ? (
    <SelectFilter
      value={dealerId}
      onChange={(value) => set({ dealerId: value })}
      label={t('commission.dealer')}
      allLabel={t('commission.chooseDealer')}
      options={(dealers.data ?? []).map((d) => ({ value: d.id, label: d.fullname }))}
      wide
    />
  ) : null;

  return (
    <PageShell
      title={t('dashboard:pages.commission')}
      description={t(admin ? 'commission.descriptionAdmin' : 'commission.descriptionDealer')}
      actions={
        dealerId ? (
          <DownloadButton
            download={() => downloadStatement(dealerId, month!, language === 'fr' ? 'fr' : 'en')}
            failed={t('commission.statementFailed')}
            disabled={!month}
          >
            {t('commission.statement')}
          </DownloadButton>
        ) : undefined
      }
    >
      <div className="flex flex-wrap items-end gap-3">
        {dealerSelect ? (
          <div className="grid w-full gap-1.5 sm:w-auto">
            {/* The select is named by its own aria-label; this is the same word for the eye. */}
            <span aria-hidden className="text-sm font-medium">
              {t('commission.dealer')}
            </span>
            {dealerSelect}
          </div>
        ) : null}
        <div className="grid gap-1.5">
          <label htmlFor={monthId} className="text-sm font-medium">
            {t('commission.month')}
          </label>
          <Input
            id={monthId}
            type="month"
            value={month ?? ''}
            onChange={(event) => set({ month: event.target.value || 'all' })}
            className="h-9 w-48"
          />
        </div>
        {month ? null : (
          <p className="pb-2 text-sm text-muted-foreground">
            {t('commission.wholeLedger')} {t('commission.statementNeedsMonth')}
          </p>
        )}
      </div>

      {!dealerId ? (
        <p className="rounded-xl border border-dashed bg-background p-6 text-muted-foreground">
          {dealers.isPending && admin ? <Spinner label={t('dashboard:table.loading')} /> : t('commission.pickDealer')}
        </p>
      ) : (
        <>
          <Card>
            <CardContent className="flex items-center justify-between gap-4 p-4 sm:p-5">
              <div className="grid gap-1">
                <p className="text-sm font-medium text-muted-foreground">
                  {month ? t('commission.balanceMonth', { month: monthLabel }) : t('commission.balanceAll')}
                  {admin && balance.data ? ` · ${balance.data.dealer.name}` : null}
                </p>
                <p className="text-2xl font-bold tabular-nums" aria-live="polite">
                  {balance.data ? signedMoney(balance.data.balanceCents, language) : balance.isError ? '—' : <Spinner label={t('dashboard:table.loading')} />}
                </p>
                {balance.data ? (
                  <p className="text-xs text-muted-foreground">
                    {t('commission.entries', { count: balance.data.total })}
                    {' · '}
                    {t('commission.rateToday', { rate: percent.format(balance.data.dealer.percent / 100) })}
                  </p>
                ) : null}
              </div>
              <span className="hidden size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-primary sm:flex">
                <PiggyBankIcon className="size-5" aria-hidden />
              </span>
            </CardContent>
          </Card>
          <DataTable
            mode="server"
            label={t('commission.ledger')}
            columns={columns}
            queryKey={orderKeys.commissionList(dealerId, month)}
            fetchPage={(request: PageRequest) => fetchCommissionPage(dealerId, month, request)}
            getRowId={(e) => e.id}
            emptyMessage={month ? t('commission.emptyMonth') : t('commission.empty')}
          />
        </>
      )}
    </PageShell>
  );
}
