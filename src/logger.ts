import { pino, type Logger } from 'pino';
import type { Config } from './config';

export type { Logger };

/** The one logger every entry point (store, worker, CLIs) makes: JSON lines, credentials redacted. */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>): Logger {
  return pino({
    level: config.LOG_LEVEL,
    base: undefined,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
  });
}
