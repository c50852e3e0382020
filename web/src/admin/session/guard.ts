import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { ADMIN_LOGIN } from './redirect';
import { adminSession } from './session';

/**
 * Every back-office page but the sign-in page needs a session: without one, off to the sign-in
 * page, which comes back here (path and search) afterwards. Whether the token is still good is the
 * server's call: the first refused request signs out the same way.
 */
export function requireAdminSession(location: ParsedLocation): void {
  if (location.pathname === ADMIN_LOGIN || adminSession.get().session) return;
  throw redirect({ to: ADMIN_LOGIN, search: { redirect: location.href }, replace: true });
}
