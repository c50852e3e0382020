import type { SubscriptionStatusNow } from '@shared/subscriptions/types';
import { AlertIcon, CheckCircleIcon, ClockIcon, XCircleIcon } from '../../components/ui/icons';
import { useAdminText, type AdminMessageId } from '../i18n';

const LOOK: Record<SubscriptionStatusNow, { badge: string; label: AdminMessageId; icon: typeof ClockIcon }> = {
  awaiting_delivery: {
    badge: 'badge-warning',
    label: 'admin.subscriptions.status.awaiting_delivery',
    icon: ClockIcon,
  },
  active: { badge: 'badge-success', label: 'admin.subscriptions.status.active', icon: CheckCircleIcon },
  expiring: { badge: 'badge-warning', label: 'admin.subscriptions.status.expiring', icon: AlertIcon },
  expired: { badge: 'badge-danger', label: 'admin.subscriptions.status.expired', icon: XCircleIcon },
  cancelled: { badge: '', label: 'admin.subscriptions.status.cancelled', icon: XCircleIcon },
};

/** A subscription's status at this instant (the server works it out from its clock), with its icon. */
export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatusNow }) {
  const t = useAdminText();
  const look = LOOK[status];
  const Icon = look.icon;
  return (
    <span className={look.badge ? `badge ${look.badge}` : 'badge'} data-status={status}>
      <Icon size={14} />
      {t(look.label)}
    </span>
  );
}
