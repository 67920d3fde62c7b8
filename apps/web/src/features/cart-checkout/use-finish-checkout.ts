import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { completeOrder, type CompletedOrder } from './placed-order';

/** Where a finished checkout goes: the thank-you page, with the number the server gave. */
export function useFinishCheckout() {
  const navigate = useNavigate();
  return useCallback(
    (order: CompletedOrder) => {
      completeOrder(order);
      void navigate(`/thank-you?order=${encodeURIComponent(order.id)}`, { replace: true, state: { number: order.number } });
    },
    [navigate],
  );
}
