import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { whatsappLink } from '../../config';
import { paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/usePageTitle';
import { ExternalLink } from '../ui/ExternalLink';
import { LinkIcon, SearchIcon, WhatsAppIcon } from '../ui/icons';

/**
 * A link that opens no order (docs/product.md#order-page): replaced while the page was open (an
 * admin made a New link: `orderNumber` is known), or unknown from the start (replaced, the order
 * removed, or the link mistyped). Either way, how to get the order's link: from the shop on
 * WhatsApp, or Find my order.
 */
export function LinkGone({ orderNumber }: { orderNumber?: number }) {
  const intl = useIntl();
  const replaced = orderNumber !== undefined;
  const title = intl.formatMessage({ id: replaced ? 'orderPage.replaced.title' : 'orderPage.gone.title' });
  usePageTitle(title);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const message = replaced
    ? intl.formatMessage({ id: 'orderPage.replaced.whatsappMessage' }, { number: String(orderNumber) })
    : intl.formatMessage({ id: 'orderPage.gone.whatsappMessage' });
  return (
    <div className="container page-body">
      <section
        className="card result-card link-gone"
        // Replaced while open: said at once. Unknown from the start: the focused heading says it.
        role={replaced ? 'alert' : undefined}
        aria-labelledby="link-gone-title"
        data-testid="order-link-gone"
        data-state={replaced ? 'replaced' : 'unknown'}
      >
        <span className="stage-icon stage-icon-pending">
          <LinkIcon size={40} />
        </span>
        <h1 id="link-gone-title" className="stage-title" tabIndex={-1} ref={heading}>
          {title}
        </h1>
        <p className="stage-text">
          {replaced ? (
            <FormattedMessage
              id="orderPage.replaced.text"
              values={{
                number: (
                  <bdi key="number" dir="ltr">
                    #{orderNumber}
                  </bdi>
                ),
              }}
            />
          ) : (
            <FormattedMessage id="orderPage.gone.text" />
          )}
        </p>
        <div className="result-actions">
          <ExternalLink className="btn btn-whatsapp" href={whatsappLink(message)} testId="link-gone-whatsapp">
            <WhatsAppIcon size={18} />
            <FormattedMessage id="orderPage.gone.askShop" />
          </ExternalLink>
          <Link to={paths.findOrder} className="btn btn-secondary" data-testid="link-gone-find">
            <SearchIcon size={18} />
            <FormattedMessage id="nav.findOrder" />
          </Link>
        </div>
      </section>
    </div>
  );
}
