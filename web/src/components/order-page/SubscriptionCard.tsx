import type { ShopperSubscriptionView } from '@shared/subscriptions/types';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDurationLabel } from '../../i18n/useDurationLabel';
import { isolate } from '../../lib/bidi';
import { ActivationDetails } from './ActivationDetails';
import { daysLeft } from './progress';
import { hasEnded, isRenewable, type RenewControl } from './renew';
import { RenewAction } from './RenewAction';
import { RenewalHistory } from './RenewalHistory';
import { SetupGuide } from './SetupGuide';

/**
 * One subscription on the order page: what it is, its dates, Renew once delivered with an end (first
 * once it has ended), its renewals, and once delivered its details and setup guide.
 */
export function SubscriptionCard({
  subscription,
  renew,
}: {
  subscription: ShopperSubscriptionView;
  renew: RenewControl;
}) {
  const durationLabel = useDurationLabel();
  // Ended or not as the page opened, like the days left.
  const [now] = useState(Date.now);
  const { activation, status } = subscription;
  const ended = hasEnded(subscription, now);
  const renewAction = isRenewable(subscription) && (
    <RenewAction subscription={subscription} renew={renew} ended={ended} />
  );
  return (
    <article
      className="card subscription-card"
      aria-labelledby={`subscription-${subscription.id}`}
      data-testid="subscription"
      data-status={status}
      data-ended={ended}
    >
      <header className="subscription-head">
        <h3 id={`subscription-${subscription.id}`} className="subscription-title">
          <FormattedMessage
            id="orderPage.subscription.title"
            values={{ package: isolate(subscription.package), duration: durationLabel(subscription.duration) }}
          />
        </h3>
        {ended ? (
          <span className="badge badge-danger">
            <FormattedMessage id="orderPage.subscription.ended" />
          </span>
        ) : (
          <span className={`badge ${BADGES[status]}`}>
            <FormattedMessage id={`orderPage.subscription.${status}`} />
          </span>
        )}
      </header>
      {ended && renewAction}
      {subscription.startsAt && (
        <SubscriptionDates startsAt={subscription.startsAt} endsAt={subscription.endsAt} now={now} />
      )}
      {!ended && renewAction}
      <RenewalHistory renewals={subscription.renewals} titleId={`renewals-${subscription.id}`} />
      {activation ? (
        <>
          <ActivationDetails activation={activation} />
          <p className="setup-title">
            <FormattedMessage id="orderPage.guide.title" />
          </p>
          <SetupGuide kind={activation.kind} />
        </>
      ) : (
        status === 'awaiting_delivery' && (
          <p className="field-hint">
            <FormattedMessage id="orderPage.subscription.awaitingText" />
          </p>
        )
      )}
    </article>
  );
}

const BADGES: Record<ShopperSubscriptionView['status'], string> = {
  awaiting_delivery: 'badge-warning',
  active: 'badge-success',
  cancelled: 'badge-danger',
};

/** Start, end (none for life time) and the days left, in the page's language with Latin digits. */
function SubscriptionDates({ startsAt, endsAt, now }: { startsAt: string; endsAt: string | null; now: number }) {
  const intl = useIntl();
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'long' });
  const left = endsAt === null ? null : daysLeft(endsAt, now);
  return (
    <dl className="subscription-dates" data-testid="subscription-dates">
      <div>
        <dt>
          <FormattedMessage id="orderPage.dates.starts" />
        </dt>
        <dd>{date(startsAt)}</dd>
      </div>
      <div>
        <dt>
          <FormattedMessage id="orderPage.dates.ends" />
        </dt>
        <dd data-testid="subscription-ends">
          {endsAt === null ? <FormattedMessage id="orderPage.dates.noEnd" /> : date(endsAt)}
        </dd>
      </div>
      {left !== null && (
        <div>
          <dt>
            <FormattedMessage id="orderPage.dates.leftLabel" />
          </dt>
          <dd data-testid="subscription-left">
            {left > 0 ? (
              <FormattedMessage id="orderPage.dates.left" values={{ days: left }} />
            ) : (
              <FormattedMessage id="orderPage.dates.ended" />
            )}
          </dd>
        </div>
      )}
    </dl>
  );
}
