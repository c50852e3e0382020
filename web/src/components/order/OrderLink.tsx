import { Link } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { whatsappLink } from '../../config';
import { orderPageUrl } from '../../lib/order-links';
import { internationalPhone } from '../../lib/phone';
import { paths } from '../../lib/paths';
import { CopyButton } from '../ui/CopyButton';
import { ExternalLink } from '../ui/ExternalLink';
import { ArrowForwardIcon, LinkIcon, SearchIcon, WhatsAppIcon } from '../ui/icons';

/**
 * The order's private link on the success screen (docs/product.md#order-page): shown whole, to copy,
 * to send to the shopper's own WhatsApp, or to open.
 */
export function OrderLink({ token, orderNumber, phone }: { token: string; orderNumber: number; phone: string }) {
  const intl = useIntl();
  const url = orderPageUrl(token);
  const message = intl.formatMessage(
    { id: 'success.link.whatsappMessage' },
    { number: String(orderNumber), url, brand: intl.formatMessage({ id: 'brand.name' }) },
  );
  return (
    <section className="card order-link" aria-labelledby="order-link-title" data-testid="order-link">
      <h2 id="order-link-title" className="card-title">
        <LinkIcon size={20} />
        <FormattedMessage id="success.link.title" />
      </h2>
      <p className="field-hint">
        <FormattedMessage id="success.link.text" />
      </p>
      <p className="order-link-url" dir="ltr" data-testid="order-link-url">
        {url}
      </p>
      <div className="order-link-actions">
        <CopyButton value={url} what={intl.formatMessage({ id: 'success.link.what' })} testId="order-link-copy" />
        {phone && (
          <ExternalLink
            className="btn btn-whatsapp btn-sm"
            href={whatsappLink(message, internationalPhone(phone))}
            testId="order-link-whatsapp"
          >
            <WhatsAppIcon size={18} />
            <FormattedMessage id="success.link.whatsapp" />
          </ExternalLink>
        )}
        <Link to="/orders/$token" params={{ token }} className="btn btn-primary btn-sm" data-testid="order-link-open">
          <FormattedMessage id="success.link.open" />
          <ArrowForwardIcon size={18} />
        </Link>
      </div>
    </section>
  );
}

/** When this browser does not hold the order's link (it was placed elsewhere): the way to find the order. */
export function OrderLinkElsewhere() {
  return (
    <section className="card order-link" aria-labelledby="order-link-title" data-testid="order-link-elsewhere">
      <h2 id="order-link-title" className="card-title">
        <LinkIcon size={20} />
        <FormattedMessage id="success.link.title" />
      </h2>
      <p className="field-hint">
        <FormattedMessage id="success.link.elsewhere" />
      </p>
      <Link to={paths.findOrder} className="btn btn-secondary btn-sm">
        <SearchIcon size={18} />
        <FormattedMessage id="nav.findOrder" />
      </Link>
    </section>
  );
}
