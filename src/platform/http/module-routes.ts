import type { Router } from 'express';
import type { FastRead } from './fast-reads';
import type { WebPageFor } from './web-app';

/**
 * A module's HTTP surface. `public` is mounted at the root (paths as docs/product.md#api lists them);
 * `admin` at /api/admin behind the admin token check, so no admin route can forget it.
 */
export interface ModuleRoutes {
  public?: Router;
  admin?: Router;
  /**
   * Hot shopper reads (GET only, no body, answered from memory): mounted ahead of request logging
   * and body parsing, which would otherwise cost more than the answer itself. Security headers
   * and CORS still apply; errors are still logged.
   */
  reads?: Router;
  /**
   * The hottest of those reads, by exact path, answered before Express when they can be (see
   * FastRead); whatever they decline, `reads` answers.
   */
  fastReads?: Record<string, FastRead>;
  /**
   * Admin reads also answered ahead of Express (see fast-reads.ts), by path under /api/admin
   * (`/orders/:id`), each the fast twin of a route of `admin` made from the same ReadHandler:
   * only for a valid admin token, checked by the platform; what they decline, `admin` answers.
   */
  adminFastReads?: Record<string, FastRead>;
  /**
   * The web app's page at each address: its status and head (web-app.ts). One module gives it (pages).
   */
  webPage?: WebPageFor;
}
