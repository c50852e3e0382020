import { BoltIcon } from '../../components/ui/icons';
import { useAdminText } from '../i18n';

/** Marks an order placed as a free trial (docs/product.md#free-trials): granted without payment, never revenue. */
export function TrialBadge() {
  const t = useAdminText();
  return (
    <span className="badge badge-accent" data-testid="trial-badge">
      <BoltIcon size={14} />
      {t('admin.order.trial')}
    </span>
  );
}
