import type { DashboardStatsView } from '@shared/ordering/types';
import { useIntl } from 'react-intl';
import { ClockIcon, RefreshIcon, TvIcon } from '../../components/ui/icons';
import { useFormatPrice } from '../../i18n/I18nProvider';
import { useAdminText } from '../i18n';
import { CoinsIcon } from '../ui/icons';
import { StatCard } from './StatCards';

/**
 * The subscriptions' figures (docs/product.md#dashboard): active and expiring now, each leading to
 * its view of the subscriptions screen; over the chosen range, the renewal rate ("—" when no term
 * ended) and what renewals paid (docs/product.md#renewals).
 */
export function SubscriptionCards({ data }: { data: DashboardStatsView }) {
  const t = useAdminText();
  const intl = useIntl();
  const price = useFormatPrice();
  const days = data.range;
  const { stats } = data;
  const rate =
    stats.renewalRate === null
      ? '—'
      : intl.formatNumber(stats.renewalRate, { style: 'percent', maximumFractionDigits: 1 });
  const note = (text: string) => ({ text, direction: 'same' as const });
  return (
    <section aria-label={t('admin.dashboard.subscriptions')} className="admin-stats" data-testid="subscription-stats">
      <StatCard
        testId="stat-active-subscriptions"
        icon={<TvIcon />}
        label={t('admin.dashboard.activeSubscriptions')}
        link={{ to: '/admin/subscriptions', search: { view: 'active' } }}
        value={intl.formatNumber(stats.activeSubscriptionsCount)}
        trend={note(t('admin.dashboard.activeSubscriptionsText'))}
      />
      <StatCard
        testId="stat-expiring-subscriptions"
        icon={<ClockIcon />}
        label={t('admin.dashboard.expiringSubscriptions')}
        link={{ to: '/admin/subscriptions', search: { view: 'expiring' } }}
        value={intl.formatNumber(stats.expiringSubscriptionsCount)}
        trend={note(t('admin.dashboard.expiringSubscriptionsText'))}
      />
      <StatCard
        testId="stat-renewal-rate"
        icon={<RefreshIcon />}
        label={t('admin.dashboard.renewalRate')}
        value={rate}
        trend={note(
          t(stats.renewalRate === null ? 'admin.dashboard.renewalRateNone' : 'admin.dashboard.renewalRateText', {
            days,
          }),
        )}
      />
      <StatCard
        testId="stat-renewal-revenue"
        icon={<CoinsIcon />}
        label={t('admin.dashboard.renewalRevenue')}
        value={price(stats.renewalRevenue)}
        trend={note(t('admin.dashboard.renewalRevenueText', { days }))}
      />
    </section>
  );
}
