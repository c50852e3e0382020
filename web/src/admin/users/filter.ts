import type { AdminUserView } from '@shared/identity/types';

/**
 * The search looks at username, name and role (its stored value and the label shown),
 * ignoring case. The API answers every admin user, so the list is searched here.
 */
export function filterUsers(
  users: readonly AdminUserView[],
  search: string,
  roleLabel: (role: string) => string,
): AdminUserView[] {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return [...users];
  return users.filter((user) =>
    [user.username, user.name, user.role, roleLabel(user.role)].some((value) =>
      value.toLocaleLowerCase().includes(needle),
    ),
  );
}
