// Where sign-in returns to: a back-office location (path and search) the admin was sent away
// from. Anything else (another site, the sign-in page itself) is dropped.

export const ADMIN_HOME = '/admin';
export const ADMIN_LOGIN = '/admin/login';

export function isAdminPath(pathname: string): boolean {
  return pathname === ADMIN_HOME || pathname.startsWith(`${ADMIN_HOME}/`);
}

/** `value` when it is a back-office location other than the sign-in page, else undefined. */
export function returnLocation(value: unknown): string | undefined {
  if (typeof value !== 'string' || /[\\\s]/.test(value)) return undefined;
  let url: URL;
  try {
    // Resolved against a dummy origin: a value naming another host resolves away from it.
    url = new URL(value, 'http://admin.invalid');
  } catch {
    return undefined;
  }
  if (url.origin !== 'http://admin.invalid' || !value.startsWith('/') || value.startsWith('//')) return undefined;
  if (!isAdminPath(url.pathname) || url.pathname === ADMIN_LOGIN) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}
