import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { updateCustomerPhone } from '../../api/payment';
import { normalisePhone } from '@shared/ordering/constants';
import { savePhone } from '../../lib/phone';
import { usePhoneField } from '../checkout/usePhoneField';
import { PhoneField } from '../checkout/PhoneField';
import { toast } from '../ui/toast';
import { PhoneIcon } from '../ui/icons';

/**
 * The success screen asks for a phone when none is saved yet, while the server would take it
 * (once, within an hour of the payment). On failure the form still closes (the phone is kept in
 * the browser either way).
 */
export function OrderPhoneForm({
  accessToken,
  onSaved,
}: {
  /** The order's private link token: the server takes a phone only with it. */
  accessToken: string;
  onSaved: (phone: string) => void;
}) {
  const intl = useIntl();
  const phoneField = usePhoneField();
  const phone = phoneField.value;
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!phoneField.check() || saving) return;
    const digits = normalisePhone(phone);
    setSaving(true);
    savePhone(digits);
    try {
      await updateCustomerPhone(accessToken, digits);
      toast.success(intl.formatMessage({ id: 'success.phone.saved' }));
    } catch (failure) {
      console.warn('update-customer-phone failed', failure);
    }
    onSaved(digits);
  };

  return (
    <form
      className="card phone-form"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      data-testid="order-phone-form"
    >
      <h2 className="card-title">
        <PhoneIcon size={20} />
        <FormattedMessage id="success.phone.title" />
      </h2>
      <p className="field-hint">
        <FormattedMessage id="success.phone.text" />
      </p>
      <PhoneField id="order-phone" disabled={saving} {...phoneField.field} />
      <button type="submit" className="btn btn-primary" disabled={saving}>
        <FormattedMessage id="success.phone.save" />
      </button>
    </form>
  );
}
