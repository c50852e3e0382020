import request from 'supertest';
import { TEST_ADMIN } from './app';

/** Signs in through the real login route and returns the bearer token. */
export async function adminToken(
  url: string,
  credentials: { username: string; password: string } = TEST_ADMIN,
): Promise<string> {
  const res = await request(url).post('/api/auth/login').send(credentials);
  if (res.status !== 200)
    throw new Error(`login as ${credentials.username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Another administrator, created by `by` through the API, and signed in. */
export async function createAdmin(
  url: string,
  by: string,
  username: string,
  name: string,
): Promise<{ id: string; token: string }> {
  const password = `${username} password 123`;
  const res = await request(url).post('/api/admin/users').set(bearer(by)).send({ username, password, name });
  if (res.status !== 201) throw new Error(`creating ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.user.id as string, token: await adminToken(url, { username, password }) };
}
