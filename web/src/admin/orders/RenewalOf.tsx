import { Link } from '@tanstack/react-router';
import { useAdminText } from '../i18n';

/**
 * "Renewal of #1042" on a renewal's order (docs/product.md#renewals): the orders list searched for
 * the renewed order, the only thing its number leads to.
 */
export function RenewalOf({ number }: { number: number }) {
  const t = useAdminText();
  const order = `#${number}`;
  return (
    <Link
      to="/admin/orders"
      search={{ search: order }}
      className="badge badge-primary admin-renewal-of"
      data-testid="order-renewal-of"
    >
      {t('admin.orders.renewalOf', { order })}
    </Link>
  );
}
