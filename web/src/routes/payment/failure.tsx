import { createFileRoute, Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { StageCard } from '../../components/ui/StageCard';
import { toast } from '../../components/ui/toast';
import { HomeIcon, MailIcon, RefreshIcon, XCircleIcon } from '../../components/ui/icons';
import { SUPPORT_EMAIL } from '../../config';
import type { MessageId } from '../../i18n/messages';
import { problemText } from '../../i18n/error-text';
import { failureSearch } from '../../lib/search';
import { usePageTitle } from '../../lib/usePageTitle';

/** The failure screen first shows a verifying spinner for about 1.5 s. */
export const FAILURE_SPINNER_MS = 1500;

const STATUS_EXPLANATIONS: Record<string, MessageId> = {
  failed: 'payment.failure.declined',
  canceled: 'payment.failure.canceled',
  cancelled: 'payment.failure.canceled',
  expired: 'payment.failure.expired',
};

/** A compiled message's plain-text part (the ICU parser's TYPE.literal, not imported: it would bring the parser). */
const LITERAL = 0;

/** What the store's own pages name a failure by (the rest are the API's error codes). */
const PAGE_REASONS: Record<string, MessageId> = {
  no_checkout_id: 'payment.error.noCheckoutId',
  not_paid: 'payment.error.notPaid',
  verification: 'payment.error.verification',
  create_failed: 'payment.error.createFailed',
  network: 'payment.error.network',
  unknown: 'payment.error.unknown',
};

/**
 * The failure's details in the page's language: only a reason this page knows (one of its own, or
 * an API error code whose message needs no values); any other text in the link reads as the generic
 * message, so a crafted link cannot put its own words on the store's page.
 */
function failureDetails(intl: IntlShape, reason: string | undefined): string | null {
  if (!reason) return null;
  const own = PAGE_REASONS[reason];
  if (own) return intl.formatMessage({ id: own });
  const compiled = intl.messages[`error.${reason}` as MessageId];
  const needsNoValues = Array.isArray(compiled) && compiled.every((part) => part.type === LITERAL);
  return (needsNoValues && problemText(intl, { code: reason })) || intl.formatMessage({ id: 'payment.error.unknown' });
}

export const Route = createFileRoute('/payment/failure')({
  validateSearch: failureSearch,
  component: PaymentFailurePage,
});

function PaymentFailurePage() {
  const intl = useIntl();
  const { error, code } = Route.useSearch();
  const [verifying, setVerifying] = useState(true);
  usePageTitle(intl.formatMessage({ id: verifying ? 'payment.failure.verifying' : 'payment.failure.title' }));

  useEffect(() => {
    const timer = setTimeout(() => setVerifying(false), FAILURE_SPINNER_MS);
    return () => clearTimeout(timer);
  }, []);

  const details = failureDetails(intl, error);
  const explanation = code ? STATUS_EXPLANATIONS[code.toLowerCase()] : undefined;

  useEffect(() => {
    if (!verifying) toast.error(details ?? intl.formatMessage({ id: 'payment.failure.toast' }));
    // Once, when the failure is shown (not again when the language changes).
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the language is left out on purpose (above)
  }, [verifying]);

  if (verifying) {
    return <StageCard testId="failure-verifying" title={<FormattedMessage id="payment.failure.verifying" />} />;
  }

  const mailSubject = intl.formatMessage({ id: 'payment.failure.mailSubject' });
  const mailBody = intl.formatMessage({ id: 'payment.failure.mailBody' }, { error: details ?? '-', code: code ?? '-' });
  const mailto = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(mailSubject)}&body=${encodeURIComponent(mailBody)}`;

  return (
    <div className="container page-body">
      <section
        className="card result-card result-failure"
        aria-labelledby="failure-title"
        data-testid="payment-failure"
      >
        <span className="stage-icon stage-icon-failure">
          <XCircleIcon size={44} />
        </span>
        <h1 id="failure-title" className="stage-title">
          <FormattedMessage id="payment.failure.title" />
        </h1>
        <p className="stage-text">
          <FormattedMessage id="payment.failure.text" />
        </p>
        {explanation && (
          <p className="stage-text">
            <FormattedMessage id={explanation} />
          </p>
        )}
        {(details || code) && (
          <dl className="error-details" data-testid="failure-details">
            {details && (
              <div>
                <dt>
                  <FormattedMessage id="payment.failure.details" />
                </dt>
                <dd data-testid="failure-error">{details}</dd>
              </div>
            )}
            {code && (
              <div>
                <dt>
                  <FormattedMessage id="payment.failure.code" />
                </dt>
                <dd>
                  <code data-testid="failure-code">{code}</code>
                </dd>
              </div>
            )}
          </dl>
        )}
        <div className="result-actions">
          <Link to="/checkout" className="btn btn-primary" data-testid="failure-retry">
            <RefreshIcon size={18} />
            <FormattedMessage id="payment.failure.retry" />
          </Link>
          <a href={mailto} className="btn btn-secondary" data-testid="failure-contact">
            <MailIcon size={18} />
            <FormattedMessage id="payment.failure.contact" />
          </a>
          <Link to="/" className="btn btn-ghost">
            <HomeIcon size={18} />
            <FormattedMessage id="payment.failure.home" />
          </Link>
        </div>
      </section>
    </div>
  );
}
