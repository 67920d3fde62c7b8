import { Link } from 'react-router';

const orderPath = (id: string) => `/dashboard/order-management/${id}`;

/** The order's number, opening its page in the dashboard: in the order, transaction and commission tables alike. */
export function OrderLink({ id, number }: { id: string; number: string }) {
  return (
    <Link to={orderPath(id)} className="font-medium whitespace-nowrap text-primary tabular-nums underline-offset-4 hover:underline">
      {number}
    </Link>
  );
}
