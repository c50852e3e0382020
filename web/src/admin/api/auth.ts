import { postJson } from '../../api/http';
import type { AdminSession, AdminUser } from '../session/session';
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
