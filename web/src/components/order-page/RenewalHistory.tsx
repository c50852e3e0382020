import type { RenewalView } from '@shared/subscriptions/types';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDurationLabel } from '../../i18n/useDurationLabel';
import { isolate } from '../../lib/bidi';

/** A subscription's paid renewals, oldest first: "Renewed on 29 Nov for 3 months — order #1077". */
export function RenewalHistory({ renewals, titleId }: { renewals: RenewalView[]; titleId: string }) {
  const intl = useIntl();
  const durationLabel = useDurationLabel();
  if (renewals.length === 0) return null;
  return (
    <section className="renewal-history" aria-labelledby={titleId} data-testid="renewals">
      <h4 id={titleId} className="setup-title">
        <FormattedMessage id="orderPage.renewals.title" />
      </h4>
      <ul role="list">
        {renewals.map((renewal) => (
          <li key={renewal.orderId} data-testid="renewal">
            <FormattedMessage
              id="orderPage.renewals.item"
              values={{
                date: intl.formatDate(renewal.paidAt, { dateStyle: 'long' }),
                duration: isolate(durationLabel(renewal.duration)),
                number: (
                  <bdi key="number" dir="ltr">
                    #{renewal.number}
                  </bdi>
                ),
              }}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
