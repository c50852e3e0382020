import type { AdminUserView } from '@shared/identity/types';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { TrashIcon } from '../../components/ui/icons';
import { useAdminText } from '../i18n';
import { useAdminDates } from '../ui/dates';
import { EditIcon } from '../ui/icons';
import { RowAction } from '../ui/list/RowAction';
import { roleLabel } from './role';

// The Users table (docs/product.md#admin-users): username, name, role badge, created at, edit and delete.

const column = createColumnHelper<AdminUserView>();

export interface UserColumnsOptions {
  /** The signed-in admin: marked 'You', and their delete is disabled. */
  selfId: string | undefined;
  onEdit: (user: AdminUserView) => void;
  onDelete: (user: AdminUserView) => void;
}

export function useUserColumns({ selfId, onEdit, onDelete }: UserColumnsOptions) {
  const t = useAdminText();
  const dates = useAdminDates();
  return useMemo(
    () => [
      column.accessor('username', {
        header: () => t('admin.users.column.username'),
        cell: ({ row }) => (
          <span className="admin-users-username">
            <bdi data-testid="user-username-cell">{row.original.username}</bdi>
            {row.original.id === selfId && <span className="badge">{t('admin.users.you')}</span>}
          </span>
        ),
      }),
      column.accessor('name', {
        header: () => t('admin.users.column.name'),
        cell: ({ getValue }) => (
          <bdi className="admin-users-wrap" data-testid="user-name-cell">
            {getValue()}
          </bdi>
        ),
      }),
      column.accessor('role', {
        header: () => t('admin.users.column.role'),
        cell: ({ getValue }) => <span className="badge badge-primary">{roleLabel(t, getValue())}</span>,
      }),
      column.accessor('created_at', {
        header: () => t('admin.users.column.createdAt'),
        cell: ({ getValue }) => (
          <time className="admin-users-wrap" dateTime={getValue()}>
            {dates.dateTime(getValue())}
          </time>
        ),
      }),
      column.display({
        id: 'actions',
        header: () => <span className="visually-hidden">{t('admin.list.actions')}</span>,
        meta: { align: 'actions' },
        cell: ({ row }) => (
          <span className="admin-row-actions">
            <RowAction
              label={t('admin.users.editUser', { username: row.original.username })}
              onClick={() => onEdit(row.original)}
              testId="user-edit"
            >
              <EditIcon size={18} />
            </RowAction>
            {row.original.id === selfId ? (
              <OwnDelete username={row.original.username} />
            ) : (
              <RowAction
                label={t('admin.users.deleteUser', { username: row.original.username })}
                className="admin-users-delete"
                onClick={() => onDelete(row.original)}
                testId="user-delete"
              >
                <TrashIcon size={18} />
              </RowAction>
            )}
          </span>
        ),
      }),
    ],
    [t, dates, selfId, onEdit, onDelete],
  );
}

/**
 * The admin's own delete (disabled, 'You cannot delete your own account'). It stays in the
 * tab order (aria-disabled rather than disabled) so a keyboard reaches it and its tooltip, which
 * screen readers read as its description.
 */
function OwnDelete({ username }: { username: string }) {
  const t = useAdminText();
  const tipId = 'user-own-delete-tip';
  return (
    <span className="admin-users-tip-wrap">
      <button
        type="button"
        className="icon-btn admin-users-delete"
        aria-disabled="true"
        aria-label={t('admin.users.deleteUser', { username })}
        aria-describedby={tipId}
        data-testid="user-delete"
      >
        <TrashIcon size={18} />
      </button>
      <span role="tooltip" id={tipId} className="admin-users-tip" data-testid="user-own-delete-tip">
        {t('admin.users.cannotDeleteSelf')}
      </span>
    </span>
  );
}
