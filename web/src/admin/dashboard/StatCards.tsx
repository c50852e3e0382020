import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useFormatPrice } from '../../i18n/I18nProvider';
import type { DashboardStatsView, Trend } from '@shared/ordering/types';
import { useAdminText } from '../i18n';
import { CoinsIcon, PackageIcon, TrendDownIcon, TrendUpIcon, TruckIcon } from '../ui/icons';
import { AlertIcon, BoltIcon, ReceiptIcon } from '../../components/ui/icons';

/**
 * The four figures (docs/product.md#dashboard: products, orders, dispatched orders, revenue), each with how the
 * chosen range compares with the one before it, as the server computed it, and the free trials of the range
 * (docs/product.md#free-trials); and, while some
 * orders' payments do not match their totals, a card asking for a decision on them; while paid
 * orders await their activation details, a card leading to them (docs/product.md#subscriptions).
 */
export function StatCards({ data }: { data: DashboardStatsView }) {
  const t = useAdminText();
  const intl = useIntl();
  const price = useFormatPrice();
  const count = (value: number) => intl.formatNumber(value);
  const days = data.range;
  const { stats, trends } = data;
  return (
    <>
      {stats.paymentMismatchCount > 0 && <PaymentsToReview count={stats.paymentMismatchCount} />}
      {stats.awaitingDeliveryCount > 0 && <AwaitingDelivery count={stats.awaitingDeliveryCount} />}
      <section aria-label={t('admin.dashboard.stats')} className="admin-stats">
        <StatCard
          testId="stat-products"
          icon={<PackageIcon />}
          label={t('admin.dashboard.products')}
          link={{ to: '/admin/products' }}
          value={count(stats.productsCount)}
          trend={{
            text: t('admin.dashboard.productsAdded', { count: trends.products.added, days }),
            direction: trends.products.added > 0 ? 'up' : 'same',
          }}
        />
        <StatCard
          testId="stat-orders"
          icon={<ReceiptIcon />}
          label={t('admin.dashboard.orders')}
          link={{ to: '/admin/orders' }}
          value={count(stats.ordersCount)}
          trend={trendLine(trends.orders, days, count)}
        />
        <StatCard
          testId="stat-dispatched"
          icon={<TruckIcon />}
          label={t('admin.dashboard.dispatched')}
          link={{ to: '/admin/orders', search: { status: 'dispatched' } }}
          value={count(stats.dispatchedOrdersCount)}
          trend={trendLine(trends.dispatched, days, count)}
        />
        <StatCard
          testId="stat-revenue"
          icon={<CoinsIcon />}
          label={t('admin.dashboard.revenue')}
          value={price(stats.revenue)}
          trend={trendLine(trends.revenue, days, price)}
        />
        <StatCard
          testId="stat-trials"
          icon={<BoltIcon />}
          label={t('admin.dashboard.trials')}
          value={count(stats.trialsCount)}
          trend={{ text: t('admin.dashboard.trialsText', { days }), direction: 'same' }}
        />
      </section>
    </>
  );

  function trendLine(trend: Trend, range: number, format: (value: number) => string): TrendText {
    if (trend.change === 0) return { text: t('admin.dashboard.trend.same', { days: range }), direction: 'same' };
    const change = `${trend.change > 0 ? '+' : '−'}${format(Math.abs(trend.change))}`;
    const direction = trend.change > 0 ? 'up' : 'down';
    if (trend.percent === null) return { text: t('admin.dashboard.trendFromZero', { change, days: range }), direction };
    const percent = intl.formatNumber(trend.percent / 100, {
      style: 'percent',
      maximumFractionDigits: 1,
      signDisplay: 'exceptZero',
    });
    return { text: t('admin.dashboard.trend', { change, percent, days: range }), direction };
  }
}

/** Orders whose payment does not match their total: out of the revenue until an admin decides. */
function PaymentsToReview({ count }: { count: number }) {
  const t = useAdminText();
  return (
    <article className="card admin-attention" data-testid="stat-payment-mismatch" role="status">
      <span className="admin-stat-icon">
        <AlertIcon />
      </span>
      <div>
        <h2 className="admin-stat-label">{t('admin.dashboard.mismatch.title')}</h2>
        <p>{t('admin.dashboard.mismatch.text', { count })}</p>
        <Link to="/admin/orders" search={{ status: 'payment_mismatch' }} className="btn btn-secondary btn-sm">
          {t('admin.dashboard.mismatch.link')}
        </Link>
      </div>
    </article>
  );
}

/** Paid orders with a subscription awaiting its activation details: the list filtered to them. */
function AwaitingDelivery({ count }: { count: number }) {
  const t = useAdminText();
  return (
    <article className="card admin-attention" data-tone="info" data-testid="stat-awaiting-delivery" role="status">
      <span className="admin-stat-icon">
        <TruckIcon />
      </span>
      <div>
        <h2 className="admin-stat-label">{t('admin.dashboard.awaiting.title')}</h2>
        <p>{t('admin.dashboard.awaiting.text', { count })}</p>
        <Link to="/admin/orders" search={{ delivery: 'awaiting' }} className="btn btn-secondary btn-sm">
          {t('admin.dashboard.awaiting.link')}
        </Link>
      </div>
    </article>
  );
}

export interface TrendText {
  text: string;
  direction: 'up' | 'down' | 'same';
}

export function StatCard(props: {
  icon: ReactNode;
  label: string;
  value: string;
  trend: TrendText;
  testId: string;
  /** The card links to its screen (the dispatched orders: the list filtered to them). */
  link?: Pick<LinkProps, 'to' | 'search'>;
}) {
  const { icon, label, value, trend, testId, link } = props;
  return (
    <article className="card admin-stat" data-testid={testId}>
      <div className="admin-stat-head">
        <span className="admin-stat-icon">{icon}</span>
        <h2 className="admin-stat-label">
          {link ? (
            <Link {...link} className="admin-stat-link">
              {label}
            </Link>
          ) : (
            label
          )}
        </h2>
      </div>
      <p className="admin-stat-value" dir="auto">
        {value}
      </p>
      <p className={`admin-stat-trend admin-trend-${trend.direction}`}>
        {trend.direction === 'up' && <TrendUpIcon size={16} />}
        {trend.direction === 'down' && <TrendDownIcon size={16} />}
        <span>{trend.text}</span>
      </p>
    </article>
  );
}
