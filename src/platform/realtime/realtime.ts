import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { Server, type Socket } from 'socket.io';

/** Admins get every change; storefronts only catalogue changes. */
export type Room = 'admins' | 'store';

export interface SocketIdentity {
  /** The admin user id when the handshake carried a valid admin token. */
  adminId?: string;
}

export interface Realtime {
  io: Server;
  broadcast(rooms: Room | Room[], event: string, payload?: unknown): void;
  /** Registers what a module answers on a client message (e.g. requestInitialData). */
  onClientEvent(event: string, handler: (socket: Socket, identity: SocketIdentity, payload: unknown) => void | Promise<void>): void;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface RealtimeOptions {
  httpServer: HttpServer;
  logger: Pick<Logger, 'info' | 'warn'>;
  /** With a Redis URL, events reach the clients of every app instance. */
  redisUrl?: string;
  corsOrigins: string[];
  /** Resolves a handshake token to an admin, or rejects it; no token means a shopper. */
  authenticateAdmin?: (token: string) => Promise<{ id: string } | null>;
}

export function createRealtime(options: RealtimeOptions): Realtime {
  const io = new Server(options.httpServer, {
    cors: options.corsOrigins.length ? { origin: options.corsOrigins } : undefined,
    serveClient: false,
  });
  const redis = options.redisUrl ? attachRedisAdapter(io, options.redisUrl, options.logger) : undefined;
  const handlers = new Map<string, (socket: Socket, identity: SocketIdentity, payload: unknown) => void | Promise<void>>();

  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (token === undefined || token === null || token === '') {
      socket.data.identity = {} satisfies SocketIdentity;
      return next();
    }
    // A socket that claims to be an admin must prove it; a bad token is refused, not downgraded.
    const admin = typeof token === 'string' && options.authenticateAdmin ? await options.authenticateAdmin(token).catch(() => null) : null;
    if (!admin) return next(new Error('Authentication failed'));
    socket.data.identity = { adminId: admin.id } satisfies SocketIdentity;
    next();
  });

  io.on('connection', (socket) => {
    const identity = socket.data.identity as SocketIdentity;
    void socket.join(identity.adminId ? ['admins', 'store'] : ['store']);
    for (const [event, handler] of handlers) {
      socket.on(event, (payload: unknown) => {
        void Promise.resolve(handler(socket, identity, payload)).catch((error: unknown) =>
          options.logger.warn({ err: error, event }, 'socket handler failed'),
        );
      });
    }
  });

  return {
    io,
    broadcast(rooms, event, payload) {
      io.to(rooms).emit(event, payload);
    },
    onClientEvent(event, handler) {
      handlers.set(event, handler);
    },
    async ping() {
      if (redis && (await redis.pub.ping()) !== 'PONG') throw new Error('Redis did not answer');
    },
    async close() {
      await new Promise<void>((resolve) => io.close(() => resolve()));
      if (redis) await closeRedis([redis.pub, redis.sub]);
    },
  };
}

// QUIT goes after the adapter's last unsubscribes, so they are answered rather than cut off
// (a cut-off command rejects where nobody listens); bounded, for a Redis that is down.
async function closeRedis(clients: Redis[]): Promise<void> {
  const quitting = Promise.allSettled(clients.map((client) => client.quit()));
  await Promise.race([quitting, new Promise((resolve) => setTimeout(resolve, 1000))]);
  for (const client of clients) client.disconnect();
}

function attachRedisAdapter(io: Server, url: string, logger: Pick<Logger, 'warn'>) {
  // Without Redis, each instance still serves its own clients; broadcasts resume when it is back.
  const pub = new Redis(url, { maxRetriesPerRequest: null, retryStrategy: (n) => Math.min(n * 200, 5000) });
  const sub = pub.duplicate();
  let warned = false;
  const warn = (error: Error) => {
    if (warned) return;
    warned = true;
    logger.warn({ err: error }, 'Redis unavailable for live updates; retrying');
  };
  pub.on('error', warn);
  sub.on('error', warn);
  pub.on('ready', () => (warned = false));
  // The adapter fires publishes and forgets them; one caught by a dropped connection must not
  // become an unhandled rejection (which would stop the process). That update is lost; clients
  // ask for fresh data when they reconnect.
  const publish = pub.publish.bind(pub);
  pub.publish = ((...args: Parameters<typeof publish>) => {
    const sent = publish(...args);
    sent.catch(warn);
    return sent;
  }) as typeof pub.publish;
  io.adapter(createAdapter(pub, sub));
  return { pub, sub };
}
