import { useIsFetching, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { ApiError } from '../../api/http';
import { AlertIcon, RefreshIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/Spinner';
import { RetryButton } from '../../components/ui/StateActions';
import { StatePanel } from '../../components/ui/StatePanel';
import { dashboardQuery, type DashboardRange } from '../api/dashboard';
import { dashboardKeys } from '../api/keys';
import { useAdminText } from '../i18n';
import { useAdminTitle } from '../layout/useAdminTitle';
import { useAdminSession } from '../session/session';
import { useAdminDates } from '../ui/dates';
import { RecentOrders } from './RecentOrders';
import { RevenueChart } from './RevenueChart';
import { StatCards } from './StatCards';
import { SubscriptionCards } from './SubscriptionCards';
import { timeOfDay, useNow } from './time';

/**
 * /admin (docs/product.md#dashboard): greeting and clock, the figures and the subscriptions', recent
 * orders, revenue over 7/30/90 days.
 */
export function DashboardPage({ range, onRange }: { range: DashboardRange; onRange: (range: DashboardRange) => void }) {
  const t = useAdminText();
  const { data } = useSuspenseQuery(dashboardQuery(range));
  const now = useNow();
  useAdminTitle(t('admin.dashboard.title'));
  return (
    <div className="admin-page admin-dashboard" data-testid="dashboard">
      <DashboardHead now={now} />
      <StatCards data={data} />
      <SubscriptionCards data={data} />
      <div className="admin-dashboard-panels">
        <RevenueChart data={data.revenueByDay} range={range} onRange={onRange} />
        <RecentOrders orders={data.recentOrders} now={now} />
      </div>
    </div>
  );
}

function DashboardHead({ now }: { now: Date }) {
  const t = useAdminText();
  const dates = useAdminDates();
  const name = useAdminSession().session?.user.name ?? '';
  const queryClient = useQueryClient();
  const refreshing = useIsFetching({ queryKey: dashboardKeys.all }) > 0;
  return (
    <header className="admin-page-head">
      <div>
        <h1 className="admin-page-title" data-testid="greeting">
          {t(`admin.dashboard.greeting.${timeOfDay(now, dates.hour)}`, { name })}
        </h1>
        <p className="admin-page-subtitle">
          <time dateTime={now.toISOString()} data-testid="clock">
            {dates.date(now, { weekday: true })} · {dates.time(now)}
          </time>
        </p>
      </div>
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        disabled={refreshing}
        onClick={() => void queryClient.invalidateQueries({ queryKey: dashboardKeys.all })}
        data-testid="dashboard-refresh"
      >
        {refreshing ? <Spinner size="sm" /> : <RefreshIcon size={18} />}
        {t(refreshing ? 'admin.dashboard.refreshing' : 'admin.dashboard.refresh')}
      </button>
    </header>
  );
}

/** While the dashboard's figures load: the page's shape, announced. */
export function DashboardSkeleton() {
  const t = useAdminText();
  return (
    <div className="admin-page" role="status" aria-busy="true" data-testid="dashboard-loading">
      <span className="visually-hidden">{t('admin.dashboard.loading')}</span>
      <div className="skeleton skeleton-title admin-skeleton-title" />
      <div className="admin-stats">
        {[0, 1, 2, 3, 4].map((card) => (
          <div key={card} className="card admin-stat">
            <div className="skeleton skeleton-line" />
            <div className="skeleton skeleton-title" />
            <div className="skeleton skeleton-line" />
          </div>
        ))}
      </div>
      <div className="admin-dashboard-panels">
        <div className="card admin-panel skeleton admin-skeleton-panel" />
        <div className="card admin-panel skeleton admin-skeleton-panel" />
      </div>
    </div>
  );
}

/** 'Error Loading Dashboard'; Try again loads it again. */
export function DashboardError({ error }: ErrorComponentProps) {
  const t = useAdminText();
  const router = useRouter();
  useAdminTitle(t('admin.dashboard.errorTitle'));
  // A refused token has signed the admin out: the shell is on its way to the sign-in page.
  if (error instanceof ApiError && error.status === 401) return null;
  return (
    <div className="admin-page">
      <StatePanel
        tone="error"
        icon={<AlertIcon size={28} />}
        title={t('admin.dashboard.errorTitle')}
        text={t('admin.dashboard.errorBody')}
        headingLevel={1}
        testId="dashboard-error"
        actions={<RetryButton onRetry={() => void router.invalidate()} />}
      />
    </div>
  );
}
