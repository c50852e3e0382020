import { pino, type DestinationStream, type Logger } from 'pino';
import type { Config } from './config';
import { requestLogFields } from './platform/observability/request-context';

export type { Logger };

/**
 * The one logger every entry point (store, worker, CLIs) makes: JSON lines, credentials redacted,
 * and the request id on every line written while serving a request. `destination` is for tests.
 */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>, destination?: DestinationStream): Logger {
  const options = {
    level: config.LOG_LEVEL,
    base: undefined,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    mixin: requestLogFields,
  };
  return destination ? pino(options, destination) : pino(options);
}
