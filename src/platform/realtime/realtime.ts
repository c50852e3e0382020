import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { Server, type Socket } from 'socket.io';
import type {
  ClientEvent,
  ClientToServerEvents,
  ServerEvent,
  ServerEventPayload,
  ServerToClientEvents,
} from '../../shared/live/types';
import { inSocketMessage } from '../observability/request-context';

/**
 * Admins get every change; storefronts only catalogue changes; an order's page only its order's
 * news, in the room of its private link (joined with the link's token, docs/product.md#order-page).
 */
export type Room = 'admins' | 'store' | `order:${string}`;

/** The room of the order page opened with the link whose token has this hash. */
export const orderPageRoom = (accessHash: string): Room => `order:${accessHash}`;

export interface SocketIdentity {
  /** The admin user id when the handshake carried a valid admin token. */
  adminId?: string;
}

/** A verified admin token: who it stands for and when it stops being valid. */
export interface VerifiedAdmin {
  id: string;
  expiresAt: Date;
}

/** Socket.IO typed with the live contract (src/shared/live/types.ts). */
export type LiveServer = Server<ClientToServerEvents, ServerToClientEvents>;
export type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents>;
type ClientEventHandler = (socket: LiveSocket, identity: SocketIdentity, payload: unknown) => void | Promise<void>;

export interface Realtime {
  io: LiveServer;
  broadcast<E extends ServerEvent>(rooms: Room | Room[], event: E, payload: ServerEventPayload<E>): void;
  /** To this instance's clients only: for what every instance learns by itself (and sends once each). */
  broadcastHere<E extends ServerEvent>(rooms: Room | Room[], event: E, payload: ServerEventPayload<E>): void;
  /** Registers what a module answers on a client message (e.g. requestInitialData). */
  onClientEvent(event: ClientEvent, handler: ClientEventHandler): void;
  /**
   * Admin accounts changed: on every instance, calls onAdminsChanged, then checks every admin
   * socket's token again and disconnects those whose admin was deleted or whose credentials
   * changed since it was verified; resolves when this instance's sockets are checked.
   */
  revalidateAdmins(): Promise<void>;
  ping(): Promise<void>;
  /**
   * Closes every client's connection as a lost transport (not a server-side disconnect, after
   * which Socket.IO clients would not come back): they reconnect, through a proxy to another instance.
   */
  disconnectClients(): void;
  close(): Promise<void>;
}

export interface RealtimeOptions {
  httpServer: HttpServer;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** With a Redis URL, events reach the clients of every app instance. */
  redisUrl?: string;
  /**
   * The deployment's namespace on that Redis (QUEUE_PREFIX): its channels, so two stores sharing a
   * Redis never deliver each other's events.
   */
  redisPrefix?: string;
  corsOrigins: string[];
  /** Resolves a handshake token to an admin, or rejects it; no token means a shopper. */
  authenticateAdmin?: (token: string) => Promise<VerifiedAdmin | null>;
  /** Admin accounts changed: called on every instance before its admin sockets are checked again. */
  onAdminsChanged?: () => void;
}

/**
 * What one socket may send: a burst, then a steady rate (a token bucket). A storefront sends one
 * requestInitialData per (re)connection; each answer is the whole catalogue, so a client that
 * sends more is refused rather than answered many times over.
 */
export const CLIENT_MESSAGE_LIMIT = { burst: 5, perSecond: 2 };
/**
 * Packets waiting for a socket's transport to drain beyond which the client is taken as not
 * reading: its messages are dropped instead of answered into an ever-growing buffer.
 */
export const MAX_BACKLOG_PACKETS = 8;

const REVALIDATE = 'revalidateAdmins';
/** setTimeout's longest delay (about 24.8 days); a later expiry is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function createRealtime(options: RealtimeOptions): Realtime {
  const io: LiveServer = new Server(options.httpServer, {
    cors: options.corsOrigins.length ? { origin: options.corsOrigins } : undefined,
    serveClient: false,
  });
  const redis = options.redisUrl
    ? attachRedisAdapter(io, options.redisUrl, options.redisPrefix ?? 'iptv', options.logger)
    : undefined;
  const handlers = new Map<ClientEvent, ClientEventHandler>();
  const authenticate = async (token: unknown) =>
    typeof token === 'string' && options.authenticateAdmin ? await options.authenticateAdmin(token) : null;

  io.use((socket, next) => {
    const token = handshakeToken(socket);
    if (token === undefined || token === null || token === '') {
      socket.data.identity = {} satisfies SocketIdentity;
      return next();
    }
    // A socket that claims to be an admin must prove it; a bad token is refused, not downgraded.
    void authenticate(token)
      .catch(() => null)
      .then((admin) => {
        if (!admin) return next(new Error('Authentication failed'));
        socket.data.identity = { adminId: admin.id } satisfies SocketIdentity;
        socket.data.expiresAt = admin.expiresAt;
        next();
      });
  });

  io.on('connection', (socket) => {
    const identity = socket.data.identity as SocketIdentity;
    void socket.join(identity.adminId ? ['admins', 'store'] : ['store']);
    if (identity.adminId) disconnectAtExpiry(socket, socket.data.expiresAt as Date);
    socket.use(limitClientMessages(socket, options.logger));
    for (const [event, handler] of handlers) {
      // The registry holds every client event's handler alike; the contract typed their names.
      (socket as Socket).on(event, (payload: unknown) =>
        // Each message's failure is its own: logged with the socket, never the process's.
        inSocketMessage(socket.id, event, async () => {
          try {
            await handler(socket, identity, payload);
          } catch (error) {
            options.logger.error({ err: error, socketId: socket.id, event }, 'socket handler failed');
          }
        }),
      );
    }
  });

  // Each instance checks its own admin sockets; the instance whose read model saw the change tells
  // the others through the adapter (a no-op without Redis, where there are no others). A check that
  // fails (database unreachable) keeps the socket: it is not known to be revoked.
  const revalidate = async () => {
    options.onAdminsChanged?.();
    const admins = [...io.of('/').sockets.values()].filter(
      (socket) => (socket.data.identity as SocketIdentity).adminId,
    );
    await Promise.all(
      admins.map(async (socket) => {
        try {
          if (!(await authenticate(handshakeToken(socket)))) socket.disconnect(true);
        } catch (error) {
          options.logger.error({ err: error, socketId: socket.id }, 'could not re-check an admin socket');
        }
      }),
    );
  };
  io.on(REVALIDATE, () => void revalidate());

  return {
    io,
    broadcast(rooms, event, payload) {
      untyped(io.to(rooms)).emit(event, payload);
    },
    broadcastHere(rooms, event, payload) {
      untyped(io.local.to(rooms)).emit(event, payload);
    },
    onClientEvent(event, handler) {
      handlers.set(event, handler);
    },
    revalidateAdmins() {
      // Other instances exist only behind the Redis adapter (the in-memory one warns on every call).
      if (redis) io.serverSideEmit(REVALIDATE);
      return revalidate();
    },
    async ping() {
      if (redis && (await redis.pub.ping()) !== 'PONG') throw new Error('Redis did not answer');
    },
    disconnectClients() {
      // engine.io keeps its connections in `clients` (typed protected, documented as public).
      const { clients } = io.engine as unknown as { clients: Record<string, { close(): void }> };
      for (const client of Object.values(clients)) client.close();
    },
    async close() {
      await new Promise<void>((resolve) => void io.close(() => resolve()));
      if (redis) await closeRedis([redis.pub, redis.sub]);
    },
  };
}

/**
 * Socket.IO's typed emit cannot take an event name that is a type parameter; broadcast's own
 * signature already ties the payload to the event.
 */
const untyped = (target: object) => target as { emit(event: string, payload: unknown): boolean };

const handshakeToken = (socket: Socket): unknown => (socket.handshake.auth as { token?: unknown } | undefined)?.token;

/** An admin's socket ends when its token does, as its HTTP requests would start failing then. */
function disconnectAtExpiry(socket: Socket, expiresAt: Date): void {
  let timer: NodeJS.Timeout;
  const check = () => {
    const left = expiresAt.getTime() - Date.now();
    if (left <= 0) socket.disconnect(true);
    else timer = setTimeout(check, Math.min(left, MAX_TIMER_MS));
  };
  check();
  socket.once('disconnect', () => clearTimeout(timer));
}

/**
 * Drops a socket's messages beyond CLIENT_MESSAGE_LIMIT, and all of them while its transport has
 * a backlog (the client is not reading its answers); warns once per socket.
 */
function limitClientMessages(socket: Socket, logger: Pick<Logger, 'warn'>): Parameters<Socket['use']>[0] {
  const { burst, perSecond } = CLIENT_MESSAGE_LIMIT;
  let tokens = burst;
  let filledAt = Date.now();
  let warned = false;
  return ([event], next) => {
    const now = Date.now();
    tokens = Math.min(burst, tokens + ((now - filledAt) / 1000) * perSecond);
    filledAt = now;
    // engine.io keeps what its transport could not send yet in writeBuffer (not in its typings).
    const backlog = (socket.conn as unknown as { writeBuffer: unknown[] }).writeBuffer.length;
    if (tokens >= 1 && backlog < MAX_BACKLOG_PACKETS) {
      tokens -= 1;
      return next();
    }
    if (warned) return;
    warned = true;
    logger.warn(
      { socketId: socket.id, event, backlog },
      'socket sends more than it may or does not read; dropping its messages',
    );
  };
}

// QUIT goes after the adapter's last unsubscribes, so they are answered rather than cut off
// (a cut-off command rejects where nobody listens); bounded, for a Redis that is down.
async function closeRedis(clients: Redis[]): Promise<void> {
  const quitting = Promise.allSettled(clients.map((client) => client.quit()));
  await Promise.race([quitting, new Promise((resolve) => setTimeout(resolve, 1000))]);
  for (const client of clients) client.disconnect();
}

function attachRedisAdapter(io: Server, url: string, prefix: string, logger: Pick<Logger, 'warn'>) {
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
  io.adapter(createAdapter(pub, sub, { key: `${prefix}#socket.io` }));
  return { pub, sub };
}
