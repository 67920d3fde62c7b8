import { useNavigate } from 'react-router';
import { useLogout } from '@/features/accounts/api/logout';
import CheckoutPage from '@/features/cart-checkout/pages/checkout-page';

/** The checkout with its "Not you?" wired to the account's sign-out: accounts and commerce meet here. */
export default function CheckoutRoute() {
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <CheckoutPage
      onSwitchAccount={() => {
        // The session is gone before the sign-in page opens, so it does not send the old account straight back.
        void logout.mutateAsync().finally(() => navigate('/login?redirect=%2Fcheckout'));
      }}
    />
  );
}
