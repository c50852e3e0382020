import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AdminUserView } from '@shared/identity/types';
import { signIn } from '../api/auth';
import { userKeys } from '../api/keys';
import { userBody, userPath, type UserInput, type UserRef, type UserWriteAnswer } from '../api/users';
import { useVersionedWrite } from '../api/versioned';
import { useAdminText } from '../i18n';
import { adminSession } from '../session/session';

// The three changes of the Users screen. Each goes through useVersionedWrite: edit and delete send
// the version the screen showed as If-Match, so a user another admin changed in the meantime gets
// the shared conflict dialog instead of being overwritten. Every admin's list then follows through
// the live `usersUpdate` (live/events.ts); this admin's is refetched too.

export function useAddUser() {
  const t = useAdminText();
  return useVersionedWrite<UserInput, UserWriteAnswer>({
    request: (input) => ({ path: userPath(), method: 'POST', body: userBody(input) }),
    invalidates: () => [userKeys.list()],
    success: () => t('admin.users.added'),
    failure: () => t('admin.users.addFailed'),
  });
}

export interface UserUpdate {
  user: UserRef;
  input: UserInput;
}

const isSelf = (id: string) => adminSession.get().session?.user.id === id;

export function useUpdateUser() {
  const t = useAdminText();
  const queryClient = useQueryClient();
  return useVersionedWrite<UserUpdate, UserWriteAnswer>({
    request: ({ user, input }) => ({
      path: userPath(user.id),
      method: 'PUT',
      body: userBody(input),
      version: user.version,
    }),
    item: ({ user }) => ({ area: 'users', id: user.id }),
    // The admin's own new password ends their token: the list is refetched once they hold a new one.
    invalidates: ({ user, input }) => (isSelf(user.id) && input.password ? [] : [userKeys.list()]),
    success: () => t('admin.users.updated'),
    failure: () => t('admin.users.updateFailed'),
    onSuccess: (answer, { user, input }) => {
      if (isSelf(user.id) && answer.user) void followOwnChange(queryClient, answer.user, input.password);
    },
  });
}

/**
 * The admin edited themselves: the header shows their new name and username at once. A new
 * password makes the server refuse every token issued before it, this one too, so they sign in
 * again with it in the background and stay signed in (if that fails, the next call signs out).
 */
async function followOwnChange(queryClient: QueryClient, saved: AdminUserView, password: string): Promise<void> {
  const session = adminSession.get().session;
  if (!session) return;
  const user = { ...session.user, username: saved.username, name: saved.name, role: saved.role };
  if (!password) return adminSession.signIn({ token: session.token, user });
  try {
    adminSession.signIn(await signIn(saved.username, password));
  } catch {
    return;
  }
  await queryClient.invalidateQueries({ queryKey: userKeys.list() });
}

export function useDeleteUser() {
  const t = useAdminText();
  return useVersionedWrite<UserRef>({
    request: (user) => ({ path: userPath(user.id), method: 'DELETE', version: user.version }),
    item: (user) => ({ area: 'users', id: user.id }),
    invalidates: () => [userKeys.list()],
    success: () => t('admin.users.deleted'),
    failure: () => t('admin.users.deleteFailed'),
  });
}
