import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CheckIcon, CopyIcon } from './icons';

/** How long the button reads "Copied" after a copy. */
const COPIED_MS = 2000;

/**
 * Copies `value` in one tap. The button says "Copied" for a moment, and a polite live region tells
 * screen readers what was copied (or that copying failed: then the text is there to select).
 */
export function CopyButton({ value, what, testId }: { value: string; what: string; testId?: string }) {
  const intl = useIntl();
  const [copied, setCopied] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setAnnouncement(intl.formatMessage({ id: 'copy.copied' }, { what }));
      timer.current = setTimeout(() => setCopied(false), COPIED_MS);
    } catch {
      setCopied(false);
      setAnnouncement(intl.formatMessage({ id: 'copy.failed' }, { what }));
    }
  };

  return (
    <>
      <button
        type="button"
        className="btn btn-secondary btn-sm copy-button"
        aria-label={intl.formatMessage({ id: 'copy.label' }, { what })}
        onClick={() => void copy()}
        data-testid={testId}
      >
        {copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
        <FormattedMessage id={copied ? 'copy.done' : 'copy.button'} />
      </button>
      <span className="visually-hidden" role="status" data-testid={testId && `${testId}-status`}>
        {announcement}
      </span>
    </>
  );
}
