import type { AdminSubscriptionView, RenewalView } from '@shared/subscriptions/types';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useAdminText } from '../../i18n';
import { useAdminDates } from '../../ui/dates';
import { KIND_FIELDS, SECRET_FIELDS, detailValue, type DetailField } from './delivery-form';
import { useDurationLabel } from '../../../i18n/useDurationLabel';

// Details already delivered (docs/product.md#subscriptions): secrets masked until Show, every
// field copyable; what was copied is said in the section's live region (`announce`).

const MASK = '••••••••';

export function DeliveredDetails({
  subscription,
  announce,
}: {
  subscription: AdminSubscriptionView;
  announce: (text: string) => void;
}) {
  const t = useAdminText();
  const durationLabel = useDurationLabel();
  const dates = useAdminDates();
  const activation = subscription.activation;
  const title = t('admin.orders.delivery.subscription', {
    package: subscription.packageName,
    duration: durationLabel(subscription.duration),
  });
  return (
    <article className="admin-delivered" data-testid="delivered-subscription" aria-label={title}>
      <h4 className="admin-delivered-title" dir="auto">
        {title}
      </h4>
      {activation ? (
        <dl className="admin-facts admin-delivered-facts">
          <dt>{t('admin.orders.delivery.kind')}</dt>
          <dd>{t(`admin.orders.delivery.kind.${activation.kind}`)}</dd>
          {KIND_FIELDS[activation.kind].map((field) => (
            <DetailRow key={field} field={field} value={detailValue(activation, field)} announce={announce} />
          ))}
          {activation.note && (
            <>
              <dt>{t('admin.orders.delivery.note')}</dt>
              <dd dir="auto">{activation.note}</dd>
            </>
          )}
          {subscription.deliveredAt && (
            <>
              <dt>{t('admin.orders.delivery.deliveredAt')}</dt>
              <dd>{dates.dateTime(subscription.deliveredAt)}</dd>
            </>
          )}
          <dt>{t('admin.orders.delivery.endsAt')}</dt>
          <dd data-testid="delivered-ends">
            {subscription.endsAt ? dates.date(subscription.endsAt) : t('admin.orders.delivery.noEnd')}
          </dd>
        </dl>
      ) : (
        <p className="admin-cell-sub">{t('admin.orders.delivery.notYet')}</p>
      )}
      <SubscriptionRenewals renewals={subscription.renewals} />
    </article>
  );
}

/** A subscription's paid renewals, oldest first, each opening its own order (docs/product.md#renewals). */
function SubscriptionRenewals({ renewals }: { renewals: RenewalView[] }) {
  const t = useAdminText();
  const dates = useAdminDates();
  const durationLabel = useDurationLabel();
  if (renewals.length === 0) return null;
  return (
    <div className="admin-renewals">
      <p className="admin-renewals-title">{t('admin.orders.delivery.renewals')}</p>
      <ul data-testid="delivered-renewals">
        {renewals.map((renewal) => (
          <li key={renewal.orderId} data-testid="delivered-renewal">
            {renewal.newEnd
              ? t('admin.orders.delivery.renewal', {
                  date: dates.date(renewal.paidAt),
                  duration: durationLabel(renewal.duration),
                  end: dates.date(renewal.newEnd),
                })
              : t('admin.orders.delivery.renewalForever', {
                  date: dates.date(renewal.paidAt),
                  duration: durationLabel(renewal.duration),
                })}{' '}
            <Link to="/admin/orders" search={{ id: renewal.orderId }} dir="ltr">
              #{renewal.number}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One field: its value (a secret masked until Show) and Copy. */
function DetailRow({
  field,
  value,
  announce,
}: {
  field: DetailField;
  value: string;
  announce: (text: string) => void;
}) {
  const t = useAdminText();
  const secret = SECRET_FIELDS.has(field);
  const [shown, setShown] = useState(!secret);
  const label = t(`admin.orders.delivery.field.${field}`);
  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => announce(t('admin.orders.delivery.copied', { field: label })),
      () => announce(t('admin.orders.delivery.copyFailed', { field: label })),
    );
  return (
    <>
      <dt>{label}</dt>
      <dd className="admin-delivered-value">
        <span dir="ltr" className="admin-mono" data-testid={`delivered-${field}`}>
          {shown ? value : MASK}
        </span>
        {secret && (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            aria-pressed={shown}
            aria-label={t(shown ? 'admin.orders.delivery.hideField' : 'admin.orders.delivery.showField', {
              field: label,
            })}
            onClick={() => setShown(!shown)}
            data-testid={`delivered-${field}-show`}
          >
            {t(shown ? 'admin.orders.delivery.hide' : 'admin.orders.delivery.show')}
          </button>
        )}
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          aria-label={t('admin.orders.delivery.copyField', { field: label })}
          onClick={() => void copy()}
          data-testid={`delivered-${field}-copy`}
        >
          {t('admin.orders.delivery.copy')}
        </button>
      </dd>
    </>
  );
}
