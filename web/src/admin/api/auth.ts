import { postJson } from '../../api/http';
import { adminSession, type AdminSession, type AdminUser } from '../session/session';
import { adminApi } from './client';

/** `POST /api/auth/login`: a session, or ApiError (401 wrong credentials, 400 blank, 429 throttled). */
export async function signIn(username: string, password: string): Promise<AdminSession> {
  const answer = await postJson<{ token: string; user: AdminUser }>('/api/auth/login', { username, password });
  return { token: answer.token, user: answer.user };
}

/** `GET /api/admin/me`: the admin the stored token stands for (a 401 signs out, as any admin call). */
export async function currentAdmin(signal?: AbortSignal): Promise<AdminUser> {
  return (await adminApi.json<{ user: AdminUser }>('/api/admin/me', { signal })).user;
}

/**
 * `POST /api/auth/logout`: the server ends this token (`everywhere`: every token of the admin, on
 * every device), then the session is forgotten here. Throws ApiError when the server did not end
 * it (the session is kept: the admin may try again).
 */
export async function endSession(everywhere: boolean): Promise<void> {
  await adminApi.call('/api/auth/logout', { method: 'POST', body: { everywhere } });
  adminSession.signOut('logout');
}

/** The header's sign-out: the token ended on the server when it answers, forgotten here whatever happens. */
export function signOut(): Promise<void> {
  return endSession(false).catch(() => adminSession.signOut('logout'));
}
