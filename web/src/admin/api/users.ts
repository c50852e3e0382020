import { queryOptions } from '@tanstack/react-query';
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
