import { TRIAL_PAYMENT_METHOD } from '@shared/ordering/constants';
import { FormattedMessage } from 'react-intl';

/** A payment method as shoppers and admins know it (the provider's ids, old and new). */
export function PaymentMethodName({ method }: { method: string }) {
  switch (method) {
    case 'baridi_mob':
    case 'edahabia':
      return <FormattedMessage id="payment.method.baridiMob" />;
    case 'card':
    case 'cib':
      return <FormattedMessage id="payment.method.card" />;
    case TRIAL_PAYMENT_METHOD:
      return <FormattedMessage id="payment.method.freeTrial" />;
    default:
      return <bdi>{method}</bdi>;
  }
}
