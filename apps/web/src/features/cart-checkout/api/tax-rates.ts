import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TaxRateInput, TaxRateOut } from '@meltway/shared/cart-checkout/tax-rate.schema';
import { api } from '@/lib/api-client';
import { taxRateKeys } from './admin-keys';

const fetchTaxRates = () => api.get<TaxRateOut[]>('/api/v1/tax-rates');

export function useTaxRates() {
  return useQuery({ queryKey: taxRateKeys.all, queryFn: fetchTaxRates });
}

/** Schedules a rate change; the rate it follows gets its end date, so the whole list is read again. */
export function useAddTaxRate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TaxRateInput) => api.post<TaxRateOut>('/api/v1/tax-rates', input),
    onSettled: () => client.invalidateQueries({ queryKey: taxRateKeys.all }),
  });
}
