import DealersPage from '@/features/accounts/pages/dealers-page';
import { CreditSection } from '@/features/payments/components/credit-section';

/** The dealer list, whose details sheet shows the dealer's credit: accounts and orders meet here. */
export default function DealersRoute() {
  return <DealersPage dealerExtra={(dealer) => <CreditSection userId={dealer.id} compact />} />;
}
