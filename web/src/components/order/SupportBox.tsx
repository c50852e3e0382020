import { FormattedMessage, useIntl } from 'react-intl';
import type { CustomerOrderView } from '@shared/ordering/types';
import { SUPPORT_EMAIL, SUPPORT_PHONE, SUPPORT_WHATSAPP, displayPhone, whatsappLink } from '../../config';
import { ExternalLink } from '../ui/ExternalLink';
import { Disclosure } from '../ui/Disclosure';
import { HeadsetIcon, MailIcon, PhoneIcon, WhatsAppIcon } from '../ui/icons';

type AdminContact = CustomerOrderView['adminContact'];

/** The built-in contact when the order carries none. */
function contactOf(given: AdminContact): AdminContact {
  return {
    phone: given.phone || SUPPORT_PHONE,
    whatsapp: given.whatsapp || SUPPORT_WHATSAPP,
    email: given.email || SUPPORT_EMAIL,
  };
}

/**
 * The collapsible support box of the success screen: phone, WhatsApp, email, with buttons. The
 * drafted message names the order by the number support finds it by.
 */
export function SupportBox({
  contact: given,
  orderNumber,
  defaultOpen,
}: {
  contact: AdminContact;
  orderNumber: number;
  defaultOpen?: boolean;
}) {
  const intl = useIntl();
  const contact = contactOf(given);
  const whatsappDigits = contact.whatsapp.replace(/\D/g, '');
  // As text: a number would be formatted (1,042 or Arabic digits), which the admin search does not read.
  const number = String(orderNumber);
  const message = intl.formatMessage({ id: 'success.support.whatsappMessage' }, { number });
  const subject = intl.formatMessage({ id: 'success.support.mailSubject' }, { number });
  return (
    <Disclosure
      className="card support-box"
      testId="support-box"
      defaultOpen={defaultOpen}
      summary={
        <>
          <HeadsetIcon size={20} />
          <FormattedMessage id="success.support.title" />
        </>
      }
    >
      <p className="field-hint">
        <FormattedMessage id="success.support.text" />
      </p>
      <dl className="contact-list">
        <div>
          <dt>
            <FormattedMessage id="footer.phone" />
          </dt>
          <dd>
            <bdi dir="ltr">{displayPhone(contact.phone)}</bdi>
          </dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="footer.whatsapp" />
          </dt>
          <dd>
            <bdi dir="ltr">{displayPhone(`+${whatsappDigits}`)}</bdi>
          </dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="footer.email" />
          </dt>
          <dd>
            <bdi dir="ltr">{contact.email}</bdi>
          </dd>
        </div>
      </dl>
      <div className="support-actions">
        <ExternalLink
          className="btn btn-whatsapp"
          href={whatsappLink(message, contact.whatsapp)}
          testId="support-whatsapp"
        >
          <WhatsAppIcon />
          <FormattedMessage id="success.support.whatsapp" />
        </ExternalLink>
        <a
          className="btn btn-secondary"
          href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}
          data-testid="support-call"
        >
          <PhoneIcon size={18} />
          <FormattedMessage id="success.support.call" />
        </a>
        <a
          className="btn btn-secondary"
          href={`mailto:${contact.email}?subject=${encodeURIComponent(subject)}`}
          data-testid="support-email"
        >
          <MailIcon size={18} />
          <FormattedMessage id="success.support.email" />
        </a>
      </div>
    </Disclosure>
  );
}
