import { ACTIVATION_FIELDS, type ActivationField } from '@shared/subscriptions/constants';
import type { Activation } from '@shared/subscriptions/types';
import { FormattedMessage, useIntl } from 'react-intl';
import { CopyButton } from '../ui/CopyButton';
import { QrCode } from './QrCode';

// A subscription's activation details as its shopper reads them (docs/product.md#order-page): each
// field with one-tap Copy, and a QR code of the address a player opens.

/** The address each kind's QR code carries. */
const QR_FIELD: Partial<Record<Activation['kind'], ActivationField>> = {
  xtream: 'serverUrl',
  m3u: 'playlistUrl',
  mag: 'portalUrl',
};

const valueOf = (activation: Activation, field: ActivationField): string =>
  (activation as Partial<Record<ActivationField, string>>)[field] ?? '';

export function ActivationDetails({ activation }: { activation: Activation }) {
  const intl = useIntl();
  const fieldName = (field: ActivationField) => intl.formatMessage({ id: `orderPage.field.${field}` });
  const qrField = QR_FIELD[activation.kind];
  return (
    <div className="activation" data-testid="activation" data-kind={activation.kind}>
      <p className="activation-kind">
        <FormattedMessage id={`orderPage.kind.${activation.kind}`} />
      </p>
      <dl className="activation-fields">
        {ACTIVATION_FIELDS[activation.kind].map((field) => (
          <div key={field} className="activation-field">
            {/* Copy sits by the name, so that a long address keeps the whole width. */}
            <dt>
              <span>{fieldName(field)}</span>
              <CopyButton value={valueOf(activation, field)} what={fieldName(field)} testId={`copy-${field}`} />
            </dt>
            <dd className="activation-value" dir="ltr" data-testid={`activation-${field}`}>
              {valueOf(activation, field)}
            </dd>
          </div>
        ))}
      </dl>
      {activation.note && (
        <p className="activation-note" data-testid="activation-note">
          <strong>
            <FormattedMessage id="orderPage.field.note" />
          </strong>{' '}
          <span dir="auto">{activation.note}</span>
        </p>
      )}
      {qrField && (
        <figure className="activation-qr">
          <QrCode
            value={valueOf(activation, qrField)}
            label={intl.formatMessage({ id: 'orderPage.qr.label' }, { field: fieldName(qrField) })}
            testId="activation-qr"
          />
          <figcaption className="field-hint">
            <FormattedMessage id="orderPage.qr.caption" values={{ field: fieldName(qrField) }} />
          </figcaption>
        </figure>
      )}
    </div>
  );
}
