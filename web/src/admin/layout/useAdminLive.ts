import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../components/ui/toast';
import { cachedNotifications } from '../api/settings';
import { useAdminText } from '../i18n';
import type { LiveStatus } from '../live/connect';
import type { AdminSession } from '../session/session';

/**
 * The live connection of a signed-in admin, for as long as the shell shows (its code, with the
 * Socket.IO client, loads after the page). Other admins' changes become app notifications, of the
 * kinds the admin follows (Settings > Notifications, as cached when each event comes).
 */
export function useAdminLive(session: AdminSession): LiveStatus {
  const queryClient = useQueryClient();
  const t = useAdminText();
  const text = useRef(t);
  useEffect(() => {
    text.current = t;
  }, [t]);
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const { token } = session;
  const selfId = session.user.id;

  useEffect(() => {
    let disconnect: (() => void) | undefined;
    let stopped = false;
    let last: { topic?: string; toast: number } | undefined;
    import('../live/connect')
      .then(({ connectAdminLive }) => {
        if (stopped) return;
        disconnect = connectAdminLive({
          token,
          selfId,
          queryClient,
          onStatus: setStatus,
          notifications: () => cachedNotifications(queryClient, selfId),
          onNotice: (notice, who) => {
            // A notice of the same topic as the one just shown tells of the same change: it replaces it.
            if (notice.topic && last?.topic === notice.topic) toast.dismiss(last.toast);
            const message = text.current(notice.id, {
              ...notice.values,
              who: who ?? text.current('admin.notify.someone'),
            });
            last = { topic: notice.topic, toast: toast.info(message) };
          },
        });
      })
      .catch(() => setStatus('offline'));
    return () => {
      stopped = true;
      disconnect?.();
    };
  }, [token, selfId, queryClient]);

  return status;
}
