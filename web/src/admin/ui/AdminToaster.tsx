import { ToastList } from '../../components/ui/Toaster';
import { useToasts } from '../../components/ui/toast';
import { useAdminText } from '../i18n';

/**
 * The back office's toasts (docs/product.md#constants: errors 4 s, successes 2 s, at most 20) where the store shows
 * them, and its app notifications (other admins' changes, 5 s: the queue's `info` kind) at the
 * bottom left.
 */
export function AdminToaster() {
  const toasts = useToasts();
  const t = useAdminText();
  return (
    <>
      <div className="toast-area">
        <div role="alert" aria-live="assertive" className="toast-stack">
          <ToastList toasts={toasts.filter((toast) => toast.kind === 'error')} />
        </div>
        <div role="status" aria-live="polite" className="toast-stack">
          <ToastList toasts={toasts.filter((toast) => toast.kind === 'success')} />
        </div>
      </div>
      <div
        role="log"
        aria-live="polite"
        aria-label={t('admin.notifications.label')}
        className="toast-stack admin-notifications"
        data-testid="admin-notifications"
      >
        <ToastList toasts={toasts.filter((toast) => toast.kind === 'info')} />
      </div>
    </>
  );
}
