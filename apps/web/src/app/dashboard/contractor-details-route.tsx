import ContractorDetailsPage from '@/features/accounts/pages/contractor-details-page';
import { BuyerOrders } from '@/features/orders/components/buyer-orders';
import { CreditSection } from '@/features/payments/components/credit-section';
import { useCurrentUser } from '@/lib/session';

/** The contractor's details with its orders, and for admins its credit: accounts and orders meet here. */
export default function ContractorDetailsRoute() {
  const admin = useCurrentUser()?.role === 'admin';
  return (
    <ContractorDetailsPage
      extra={(contractor) => (
        <>
          {admin ? <CreditSection userId={contractor.id} /> : null}
          <BuyerOrders buyerId={contractor.id} />
        </>
      )}
    />
  );
}
