import type { AdminUserView } from '@shared/identity/types';
import { useState } from 'react';
import { conflictOf, failureMessage } from '../api/client';
import { useAdminText } from '../i18n';
import { ConfirmModal } from '../ui/ConfirmModal';
import { useDeleteUser } from './user-writes';

// 'Delete User' (confirm). The deleted admin's sessions end on the server at once: their
// next call is refused and their live connection closed, which signs them out.

export function DeleteUserModal({ user, onClose }: { user: AdminUserView | null; onClose: () => void }) {
  const t = useAdminText();
  const remove = useDeleteUser();
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const confirm = () => {
    if (!user) return;
    setError(null);
    remove.mutate(user, {
      onSuccess: close,
      // A stale version: the shared conflict dialog takes over.
      onError: (failure) =>
        conflictOf(failure) ? close() : setError(failureMessage(failure, t('admin.users.deleteFailed'))),
    });
  };
  return (
    <ConfirmModal
      open={user !== null}
      onClose={close}
      title={t('admin.users.deleteTitle')}
      confirmLabel={t('admin.list.delete')}
      busyLabel={t('admin.list.deleting')}
      busy={remove.isPending}
      onConfirm={confirm}
      danger
      size="md"
      testId="user-delete-modal"
    >
      {user && <p>{t('admin.users.deleteConfirm', { name: user.name, username: user.username })}</p>}
      <div role="alert" className="admin-users-form-error" data-testid="user-delete-error">
        {error}
      </div>
    </ConfirmModal>
  );
}
