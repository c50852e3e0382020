import { isTrialDuration } from '@shared/ordering/constants';
import type { ShopperSubscriptionView } from '@shared/subscriptions/types';
import { FormattedMessage, useIntl } from 'react-intl';
import { isolate } from '../../lib/bidi';
import { Spinner } from '../ui/Spinner';
import { RefreshIcon } from '../ui/icons';
import type { RenewControl } from './renew';

/**
 * Renew (Upgrade for a free trial) on a subscription's card (docs/product.md#renewals). Once the
 * subscription has ended, the card opens with it, said first and prominent.
 */
export function RenewAction({
  subscription,
  renew,
  ended,
}: {
  subscription: ShopperSubscriptionView;
  renew: RenewControl;
  ended: boolean;
}) {
  const intl = useIntl();
  const upgrade = isTrialDuration(subscription.duration);
  const busy = renew.busy === subscription.id;
  const problem = renew.problem?.subscriptionId === subscription.id ? renew.problem.text : null;
  const text = ended ? 'orderPage.renew.endedText' : upgrade ? 'orderPage.renew.upgradeText' : 'orderPage.renew.text';
  const action = upgrade ? 'orderPage.renew.upgrade' : 'orderPage.renew.button';
  return (
    <div className={`renew${ended ? ' renew-ended' : ''}`} data-testid="renew" data-ended={ended}>
      {ended && (
        <p className="renew-title">
          <FormattedMessage id="orderPage.renew.endedTitle" />
        </p>
      )}
      <p className="renew-text">
        <FormattedMessage id={text} />
      </p>
      <button
        type="button"
        className={`btn ${ended || upgrade ? 'btn-primary' : 'btn-secondary'}`}
        onClick={() => void renew.start(subscription)}
        disabled={renew.busy !== null}
        aria-label={intl.formatMessage(
          { id: upgrade ? 'orderPage.renew.upgradeLabel' : 'orderPage.renew.label' },
          { package: isolate(subscription.package) },
        )}
        data-testid="renew-button"
      >
        {busy ? <Spinner size="sm" /> : <RefreshIcon size={18} />}
        <FormattedMessage id={action} />
      </button>
      {problem && (
        <p className="field-error" role="alert" data-testid="renew-problem">
          {problem}
        </p>
      )}
    </div>
  );
}
