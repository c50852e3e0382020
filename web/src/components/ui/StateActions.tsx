import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../i18n/messages';
import { HomeIcon, RefreshIcon } from './icons';

/** "Try again" under an error. */
export function RetryButton({ onRetry, disabled }: { onRetry: () => void; disabled?: boolean }) {
  return (
    <button type="button" className="btn btn-secondary" onClick={onRetry} disabled={disabled}>
      <RefreshIcon size={18} />
      <FormattedMessage id="common.tryAgain" />
    </button>
  );
}

/** Back to the home page, from a page that has nothing to show. */
export function HomeButton({ label = 'notFound.home' }: { label?: MessageId }) {
  return (
    <Link to="/" className="btn btn-primary">
      <HomeIcon size={18} />
      <FormattedMessage id={label} />
    </Link>
  );
}
