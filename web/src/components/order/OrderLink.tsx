import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { whatsappLink } from '../../config';
import type { MessageId } from '../../i18n/messages';
import { orderPageUrl } from '../../lib/order-links';
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
    <OrderLinkCard text="success.link.text" testId="order-link">
      <p className="order-link-url" dir="ltr" data-testid="order-link-url">
        {url}
      </p>
      <div className="order-link-actions">
        <CopyButton value={url} what={intl.formatMessage({ id: 'success.link.what' })} testId="order-link-copy" />
        {phone && (
          <ExternalLink
            className="btn btn-whatsapp btn-sm"
            href={whatsappLink(message, phone)}
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
    </OrderLinkCard>
  );
}

/** When this browser does not hold the order's link (it was placed elsewhere): the way to find the order. */
export function OrderLinkElsewhere() {
  return (
    <OrderLinkCard text="success.link.elsewhere" testId="order-link-elsewhere">
      <Link to={paths.findOrder} className="btn btn-secondary btn-sm">
        <SearchIcon size={18} />
        <FormattedMessage id="nav.findOrder" />
      </Link>
    </OrderLinkCard>
  );
}

/** The private link's card: its title, a sentence, and what follows. */
function OrderLinkCard({ text, testId, children }: { text: MessageId; testId: string; children: ReactNode }) {
  return (
    <section className="card order-link" aria-labelledby="order-link-title" data-testid={testId}>
      <h2 id="order-link-title" className="card-title">
        <LinkIcon size={20} />
        <FormattedMessage id="success.link.title" />
      </h2>
      <p className="field-hint">
        <FormattedMessage id={text} />
      </p>
      {children}
    </section>
  );
}
