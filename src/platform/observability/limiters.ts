import type { Limiters } from '../throttle/limiters';
import type { StoreMetrics } from './metrics';

/** The same limits, counting each refused attempt under its limit's name (sign-ins among them). */
export function meteredLimiters(limiters: Limiters, metrics: StoreMetrics): Limiters {
  return {
    create(options) {
      const limiter = limiters.create(options);
      return {
        async take(key) {
          const waitMs = await limiter.take(key);
          if (waitMs > 0) metrics.throttleRefused.inc({ limit: options.name });
          return waitMs;
        },
        giveBack: (key) => limiter.giveBack(key),
        reset: (key) => limiter.reset(key),
        async peek(key) {
          const waitMs = await limiter.peek(key);
          if (waitMs > 0) metrics.throttleRefused.inc({ limit: options.name });
          return waitMs;
        },
      };
    },
    close: () => limiters.close(),
  };
}
