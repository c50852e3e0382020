import type { Response } from 'express';
import type { HttpError } from '../../platform/http/errors';
import { tooManyRequests } from '../../platform/throttle/http';
import type { Limiters } from '../../platform/throttle/limiters';
import { coded } from '../../shared/errors';

// Password guessing throttled, rate-limiter-flexible's login protection with counters every instance
// shares: a sign-in, and the current password asked by a password change (a stolen token must not
// guess it either), count together, one budget per username and address. An attempt is counted
// before the password is checked, so parallel guesses cannot all get through between a check and
// a write; a correct password then takes its attempt back.
// - One username from one address: 5 failures in a row (within 15 minutes) lock that pair for
//   15 minutes; a correct password clears the count. The username alone is never locked, so
//   guesses from one address cannot lock the real admin out from anywhere else.
// - One address, whatever the usernames: 20 failures in an hour lock it for an hour.

const BY_USERNAME_AND_ADDRESS = {
  name: 'login-username-address',
  points: 5,
  windowSeconds: 15 * 60,
  blockSeconds: 15 * 60,
};
const BY_ADDRESS = { name: 'login-address', points: 20, windowSeconds: 60 * 60, blockSeconds: 60 * 60 };

/** What the password was tried for: named in the 429's message. */
export type PasswordUse = 'sign-in' | 'current-password';

export interface PasswordThrottle {
  /** Counts a password tried; throws 429 when over a limit. Call `succeeded` once the password is right. */
  attempt(username: string, address: string, res: Response, use: PasswordUse): Promise<{ succeeded(): Promise<void> }>;
}

export function passwordThrottle(limiters: Limiters): PasswordThrottle {
  const byUsernameAndAddress = limiters.create(BY_USERNAME_AND_ADDRESS);
  const byAddress = limiters.create(BY_ADDRESS);
  return {
    async attempt(username, address, res, use) {
      const pair = `${username.trim().toLowerCase()} ${address}`;
      const waits = await Promise.all([byUsernameAndAddress.take(pair), byAddress.take(address)]);
      const waitMs = Math.max(...waits);
      if (waitMs > 0) throw tooManyAttempts(res, waitMs, use);
      return {
        async succeeded() {
          await Promise.all([byUsernameAndAddress.reset(pair), byAddress.giveBack(address)]);
        },
      };
    },
  };
}

function tooManyAttempts(res: Response, waitMs: number, use: PasswordUse): HttpError {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  const message =
    use === 'sign-in'
      ? coded('auth.too_many_sign_ins', { minutes })
      : coded('auth.too_many_wrong_passwords', { minutes });
  return tooManyRequests(res, minutes * 60, message);
}
