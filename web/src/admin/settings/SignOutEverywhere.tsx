import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { AlertIcon } from '../../components/ui/icons';
import { endSession } from '../api/auth';
import { failureMessage } from '../api/client';
import { useAdminText } from '../i18n';
import { ConfirmModal } from '../ui/ConfirmModal';

/**
 * Under the password: ends every session of the admin, on every device, this one included (the
 * server refuses each token issued so far and closes their live connections). Asked once more
 * before; a failure shows here and keeps the admin signed in.
 */
export function SignOutEverywhere() {
  const t = useAdminText();
  const [confirming, setConfirming] = useState(false);
  const end = useMutation({ mutationFn: () => endSession(true) });
  const failure = end.error && failureMessage(end.error, t('admin.settings.sessions.failed'));

  return (
    <section className="admin-settings-form admin-settings-sessions" data-testid="settings-sessions">
      <h2 className="admin-panel-title">{t('admin.settings.sessions.title')}</h2>
      <p className="admin-settings-intro">{t('admin.settings.sessions.intro')}</p>
      <div role="alert" className="admin-settings-error" data-testid="settings-sessions-error">
        {failure && (
          <>
            <AlertIcon size={18} />
            <span>{failure}</span>
          </>
        )}
      </div>
      <div>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => setConfirming(true)}
          data-testid="settings-sign-out-everywhere"
        >
          {t('admin.settings.sessions.button')}
        </button>
      </div>
      <ConfirmModal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('admin.settings.sessions.confirmTitle')}
        confirmLabel={t('admin.settings.sessions.button')}
        busyLabel={t('admin.settings.sessions.busy')}
        busy={end.isPending}
        onConfirm={() => end.mutate(undefined, { onError: () => setConfirming(false) })}
        danger
        testId="sign-out-everywhere"
      >
        <p>{t('admin.settings.sessions.confirmBody')}</p>
      </ConfirmModal>
    </section>
  );
}
