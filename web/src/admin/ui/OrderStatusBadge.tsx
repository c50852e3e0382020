import { ORDER_STATUSES, type OrderStatus } from '@shared/ordering/constants';
import { AlertIcon, CheckCircleIcon, ClockIcon, StarIcon } from '../../components/ui/icons';
import { useAdminText, type AdminMessageId } from '../i18n';
import { TruckIcon } from './icons';

const LOOK: Record<OrderStatus | 'new', { badge: string; label: AdminMessageId; icon: typeof ClockIcon }> = {
  pending: { badge: 'badge-warning', label: 'admin.order.status.pending', icon: ClockIcon },
  completed: { badge: 'badge-success', label: 'admin.order.status.completed', icon: CheckCircleIcon },
  failed: { badge: 'badge-danger', label: 'admin.order.status.failed', icon: AlertIcon },
  dispatched: { badge: 'badge-primary', label: 'admin.order.status.dispatched', icon: TruckIcon },
  payment_mismatch: { badge: 'badge-danger', label: 'admin.order.status.payment_mismatch', icon: AlertIcon },
  refunded: { badge: 'badge-danger', label: 'admin.order.status.refunded', icon: AlertIcon },
  new: { badge: '', label: 'admin.order.status.new', icon: StarIcon },
};

/** An order's status with its icon; a missing or unknown status shows as a new order (docs/product.md#order-statuses). */
export function OrderStatusBadge({ status }: { status: string | null | undefined }) {
  const t = useAdminText();
  const look = LOOK[(ORDER_STATUSES as readonly string[]).includes(status ?? '') ? (status as OrderStatus) : 'new'];
  const Icon = look.icon;
  return (
    <span className={`badge ${look.badge}`} data-status={status}>
      <Icon size={14} />
      {t(look.label)}
    </span>
  );
}
