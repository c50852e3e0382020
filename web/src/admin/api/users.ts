import { queryOptions } from '@tanstack/react-query';
import type { AdminRole } from '@shared/identity/constants';
import type { AdminUserView } from '@shared/identity/types';
import { adminApi, adminRetry } from './client';
import { userKeys } from './keys';

/** `GET /api/admin/users`: every admin user (also how the live layer names who changed something). */
export const usersQuery = () =>
  queryOptions({
    queryKey: userKeys.list(),
    retry: adminRetry,
    queryFn: ({ signal }) => adminApi.json<{ users: AdminUserView[] }>('/api/admin/users', { signal }),
    select: (answer) => answer.users,
  });

/** The body of `POST /api/admin/users` and `PUT /api/admin/users/{id}`. */
export interface UserInput {
  username: string;
  /** On edit, empty keeps the current password (and is then left out). */
  password: string;
  name: string;
  role: AdminRole;
}

/** An admin user as a write names it: which one, and the version the screen showed (If-Match). */
export type UserRef = Pick<AdminUserView, 'id' | 'username' | 'name' | 'version'>;

/** `/api/admin/users` or one user's path. */
export const userPath = (id?: string) => (id ? `/api/admin/users/${encodeURIComponent(id)}` : '/api/admin/users');

/** What a save sends: names trimmed as the server keeps them; a password as typed, or none. */
export function userBody(input: UserInput): Partial<UserInput> {
  const body: Partial<UserInput> = { username: input.username.trim(), name: input.name.trim(), role: input.role };
  if (input.password) body.password = input.password;
  return body;
}

/** The answer of a create or an update. */
export interface UserWriteAnswer {
  message: string;
  user?: AdminUserView;
}
