import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

// One short line per request once it is over: its id, method and URL, the status and how long it
// took; no headers (tokens, cookies). The request id also comes with every other line logged while
// serving it (the logger's mixin reads request-context). pino-http did this with a child logger
// made for every request, which nothing here used: a tenth of an admin read's CPU (bench/admin).

interface Logged {
  id?: unknown;
  method?: string;
  originalUrl?: string;
  url?: string;
}

/** Logs each request but those `ignore` names (health checks polled every few seconds). */
export function logRequests(logger: Logger, ignore: (url: string) => boolean): RequestHandler {
  return (req, res, next) => {
    if (ignore(req.url)) return next();
    const started = performance.now();
    res.once('close', () => {
      const line = {
        req: describe(req),
        res: { statusCode: res.statusCode },
        responseTime: Math.round(performance.now() - started),
      };
      if (res.writableFinished) logger.info(line, 'request completed');
      else logger.warn(line, 'request aborted');
    });
    next();
  };
}

const describe = (req: Logged) => ({ id: req.id, method: req.method, url: req.originalUrl ?? req.url });
