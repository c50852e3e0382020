import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/** A link that opens in a new tab (WhatsApp, the app download) and tells screen readers so. */
export function ExternalLink({
  href,
  className,
  testId,
  children,
}: {
  href: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer" data-testid={testId}>
      {children}
      <span className="visually-hidden">
        {' '}
        <FormattedMessage id="a11y.opensInNewTab" />
      </span>
    </a>
  );
}
