import type { AdminUserView } from '@shared/identity/types';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { InboxIcon, PlusIcon } from '../../components/ui/icons';
import { StatePanel } from '../../components/ui/StatePanel';
import { usersQuery } from '../api/users';
import { useAdminText } from '../i18n';
import { useAdminSession } from '../session/session';
import { DataTable } from '../ui/list/DataTable';
import { ListError } from '../ui/list/ListError';
import { ListPageHead } from '../ui/list/ListPageHead';
import { ListSkeleton } from '../ui/list/ListSkeleton';
import { SearchField } from '../ui/list/SearchField';
import { useUserColumns } from './columns';
import { DeleteUserModal } from './DeleteUserModal';
import { filterUsers } from './filter';
import { roleLabel } from './role';
import { UserFormModal } from './UserFormModal';

export interface UsersPageProps {
  /** The search in force (?search=). */
  search: string;
  onSearch: (search: string) => void;
}

type Dialog = { kind: 'add' } | { kind: 'edit'; user: AdminUserView } | null;

/**
 * /admin/users ('Manage admin users', docs/product.md#admin-users): the search, the table, Add New User, Edit User and
 * Delete User. The list is every admin user (GET /api/admin/users), kept current for every admin
 * by the live `usersUpdate`.
 */
export function UsersPage({ search, onSearch }: UsersPageProps) {
  const t = useAdminText();
  const list = useQuery(usersQuery());
  const selfId = useAdminSession().session?.user.id;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [deleting, setDeleting] = useState<AdminUserView | null>(null);
  const onEdit = useCallback((user: AdminUserView) => setDialog({ kind: 'edit', user }), []);
  const columns = useUserColumns({ selfId, onEdit, onDelete: setDeleting });
  const rows = useMemo(
    () => filterUsers(list.data ?? [], search, (role) => roleLabel(t, role)),
    [list.data, search, t],
  );

  return (
    <div className="admin-page" data-testid="users-page">
      <ListPageHead
        title={t('admin.users.title')}
        subtitle={list.data && t('admin.users.subtitle', { count: list.data.length })}
        subtitleTestId="users-count"
      >
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => setDialog({ kind: 'add' })}
          data-testid="user-add"
        >
          <PlusIcon size={18} />
          {t('admin.users.add')}
        </button>
      </ListPageHead>
      <div className="admin-toolbar">
        <SearchField label={t('admin.users.search')} value={search} onSearch={onSearch} testId="users-search" />
      </div>
      <section className="card admin-panel admin-list" aria-label={t('admin.users.table')}>
        {list.isPending ? (
          <UsersSkeleton />
        ) : list.isError && !list.data ? (
          <ListError text={t('admin.users.loadFailed')} onRetry={() => void list.refetch()} testId="users-error" />
        ) : (
          <DataTable
            label={t('admin.users.table')}
            columns={columns}
            rows={rows}
            rowId={(user) => user.id}
            empty={<NoUsers search={search} onClear={() => onSearch('')} />}
            testId="users-table"
          />
        )}
      </section>
      {dialog && (
        <UserFormModal
          key={dialog.kind === 'edit' ? dialog.user.id : 'add'}
          user={dialog.kind === 'edit' ? dialog.user : undefined}
          onClose={() => setDialog(null)}
        />
      )}
      <DeleteUserModal user={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

/** 'No users found'; with a search, what was searched and a way back to the whole list. */
function NoUsers({ search, onClear }: { search: string; onClear: () => void }) {
  const t = useAdminText();
  return (
    <StatePanel
      icon={<InboxIcon size={28} />}
      title={t('admin.users.empty')}
      text={search ? t('admin.users.emptySearch', { search }) : undefined}
      actions={
        search ? (
          <button type="button" className="btn btn-secondary" onClick={onClear}>
            {t('admin.users.clearSearch')}
          </button>
        ) : undefined
      }
      testId="users-empty"
    />
  );
}

/** While the list loads (the route's pending view too): rows of the table's shape, announced. */
export function UsersSkeleton() {
  const t = useAdminText();
  return <ListSkeleton rows={4} label={t('admin.users.loading')} testId="users-loading" />;
}
