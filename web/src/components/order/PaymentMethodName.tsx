import { TRIAL_PAYMENT_METHOD } from '@shared/ordering/constants';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../i18n/messages';

/** A payment method's name as shoppers and admins know it (the provider's ids, old and new); undefined for one we do not know. */
export function paymentMethodMessageId(method: string): MessageId | undefined {
  switch (method) {
    case 'baridi_mob':
    case 'edahabia':
      return 'payment.method.baridiMob';
    case 'card':
    case 'cib':
      return 'payment.method.card';
    case TRIAL_PAYMENT_METHOD:
      return 'payment.method.freeTrial';
    default:
      return undefined;
  }
}

export function PaymentMethodName({ method }: { method: string }) {
  const id = paymentMethodMessageId(method);
  return id ? <FormattedMessage id={id} /> : <bdi>{method}</bdi>;
}
