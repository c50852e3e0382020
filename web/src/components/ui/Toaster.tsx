import { useIntl } from 'react-intl';
import { AlertIcon, CheckIcon, CloseIcon, StarIcon } from './icons';
import { dismissToast, useToasts, type Toast } from './toast';

/** The toast area: polite live region for information, assertive for errors. */
export function Toaster() {
  const toasts = useToasts();
  const errors = toasts.filter((t) => t.kind === 'error');
  const others = toasts.filter((t) => t.kind !== 'error');
  return (
    <div className="toast-area">
      <div role="alert" aria-live="assertive" className="toast-stack">
        <ToastList toasts={errors} />
      </div>
      <div role="status" aria-live="polite" className="toast-stack">
        <ToastList toasts={others} />
      </div>
    </div>
  );
}

/** Toasts as cards with their icon and a close button (the caller provides the live region). */
export function ToastList({ toasts }: { toasts: readonly Toast[] }) {
  const intl = useIntl();
  return toasts.map((t) => (
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
      {t.action && (
        <button
          type="button"
          className="btn btn-ghost btn-sm toast-action"
          onClick={() => {
            t.action!.onClick();
            dismissToast(t.id);
          }}
          data-testid="toast-action"
        >
          {t.action.label}
        </button>
      )}
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
}
