import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type PageRequest } from '@/components/data-table/data-table';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { orderKeys } from '@/lib/order-keys';
import { fetchOrdersPage } from '../api/orders';
import { orderColumns } from './order-columns';

/** The orders one buyer placed (a contractor's, on its details page), newest first, each opening its order. */
export function BuyerOrders({ buyerId }: { buyerId: string }) {
  const { t, i18n } = useTranslation(['orders', 'commerce']);
  const language = i18n.resolvedLanguage;
  const columns = useMemo(() => orderColumns(t, language, { buyer: false }), [t, language]);
  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle className="text-lg">{t('buyerOrders.title')}</CardTitle>
        <CardDescription>{t('buyerOrders.description')}</CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <DataTable
          mode="server"
          label={t('buyerOrders.title')}
          columns={columns}
          queryKey={orderKeys.list({ buyerId })}
          fetchPage={(request: PageRequest) => fetchOrdersPage(request, { buyerId })}
          getRowId={(o) => o.id}
          filterColumn="number"
          filterPlaceholder={t('list.filter')}
          urlPrefix="orders"
          emptyMessage={t('buyerOrders.empty')}
        />
      </CardContent>
    </Card>
  );
}
