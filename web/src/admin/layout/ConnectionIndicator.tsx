import { useAdminText } from '../i18n';
import type { LiveStatus } from '../live/connect';
import { OfflineIcon } from '../ui/icons';

/** Says so while live updates are down (the connection retries every 3 s); nothing otherwise. */
export function ConnectionIndicator({ status }: { status: LiveStatus }) {
  const t = useAdminText();
  return (
    <div role="status" className="admin-live-status" data-testid="live-status" data-state={status}>
      {status === 'offline' && (
        <span className="admin-live-offline">
          <OfflineIcon size={18} />
          <span>{t('admin.live.down')}</span>
        </span>
      )}
    </div>
  );
}
