import type { AdminOrderView } from '@shared/ordering/types';
import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { InboxIcon } from '../../components/ui/icons';
import { useFormatPrice } from '../../i18n/I18nProvider';
import { useAdminText } from '../i18n';
import { useAdminDates } from '../ui/dates';
import { OrderStatusBadge } from '../ui/OrderStatusBadge';
import { TrialBadge } from '../ui/TrialBadge';
import { ageOf } from './time';
import { customerName } from '../ui/customer-name';

/** The latest orders, newest first, each with its age in minutes, hours or days. */
export function RecentOrders({ orders, now }: { orders: AdminOrderView[]; now: Date }) {
  const t = useAdminText();
  const intl = useIntl();
  const price = useFormatPrice();
  const dates = useAdminDates();
  return (
    <section className="card admin-panel" aria-labelledby="recent-orders-title" data-testid="recent-orders">
      <header className="admin-panel-head">
        <h2 id="recent-orders-title" className="admin-panel-title">
          {t('admin.dashboard.recent')}
        </h2>
        <Link to="/admin/orders" className="btn btn-secondary btn-sm" data-testid="recent-orders-all">
          {t('admin.dashboard.viewAll')}
        </Link>
      </header>
      {orders.length === 0 ? (
        <div className="admin-empty">
          <InboxIcon size={28} />
          <p className="admin-empty-title">{t('admin.dashboard.noOrders')}</p>
          <p className="admin-empty-text">{t('admin.dashboard.noOrdersHint')}</p>
        </div>
      ) : (
        <ol className="admin-timeline">
          {orders.map((order) => {
            const created = new Date(order.created_at);
            const age = ageOf(created, now);
            return (
              <li key={order.id} className="admin-timeline-item" data-testid="recent-order">
                <div className="admin-timeline-main">
                  <p className="admin-timeline-title">
                    <Link
                      to="/admin/orders"
                      search={{ id: order.id }}
                      className="admin-order-number"
                      aria-label={t('admin.orders.view', { order: `#${order.number}` })}
                      data-testid="recent-order-link"
                    >
                      <span dir="ltr">#{order.number}</span>
                    </Link>
                    <span dir="auto">{customerName({ name: order.customer_name, phone: order.phone })}</span>
                  </p>
                  <p className="admin-timeline-meta">
                    <time dateTime={order.created_at} title={dates.dateTime(created)}>
                      {intl.formatRelativeTime(-age.value, age.unit, { numeric: 'auto' })}
                    </time>
                  </p>
                </div>
                <div className="admin-timeline-side">
                  <span className="admin-timeline-amount" dir="auto">
                    {price(order.total_amount)}
                  </span>
                  <span className="admin-badges">
                    <OrderStatusBadge status={order.status} />
                    {order.trial && <TrialBadge />}
                  </span>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
