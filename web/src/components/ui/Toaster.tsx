import { useIntl } from 'react-intl';
import { AlertIcon, CheckIcon, CloseIcon, StarIcon } from './icons';
import { dismissToast, useToasts } from './toast';

/** The toast area: polite live region for information, assertive for errors. */
export function Toaster() {
  const toasts = useToasts();
  const intl = useIntl();
  const errors = toasts.filter((t) => t.kind === 'error');
  const others = toasts.filter((t) => t.kind !== 'error');
  const render = (list: typeof toasts) =>
    list.map((t) => (
      <div key={t.id} className={`toast toast-${t.kind}`}>
        <span className="toast-icon">
          {t.kind === 'error' ? (
            <AlertIcon size={18} />
          ) : t.kind === 'success' ? (
            <CheckIcon size={18} />
          ) : (
            <StarIcon size={18} />
          )}
        </span>
        <p className="toast-message">{t.message}</p>
        <button
          type="button"
          className="toast-close"
          onClick={() => dismissToast(t.id)}
          aria-label={intl.formatMessage({ id: 'common.close' })}
        >
          <CloseIcon size={16} />
        </button>
      </div>
    ));
  return (
    <div className="toast-area">
      <div role="alert" aria-live="assertive" className="toast-stack">
        {render(errors)}
      </div>
      <div role="status" aria-live="polite" className="toast-stack">
        {render(others)}
      </div>
    </div>
  );
}
