import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

// `npm run provisioning:stand-in`: an operator's provisioning service as the contract describes it
// (docs/product.md#provisioning-contract), written from that page rather than from the store's
// client, for trying automatic delivery locally and for the tests. It checks the signature (401
// otherwise), answers the same Xtream details for the same Idempotency-Key, extends the lines it
// opened when a renewal is paid (`…/extend`, once per Idempotency-Key, never shortening a line), and
// can play an outage.

export interface ProvisioningStandIn {
  /** Where the store posts (PROVISIONING_URL). */
  url: string;
  /** Every request received, in order: what was asked, its Idempotency-Key, its body and the status it was answered. */
  requests: StandInRequest[];
  /** When the line opened for a subscription ends, as extensions set it: undefined before any, null for ever. */
  endOf(subscriptionId: string): string | null | undefined;
  /** While down, every request is answered 503, as during an outage. */
  setDown(down: boolean): void;
  close(): Promise<void>;
}

export interface StandInRequest {
  /** `provision` (POST to the URL itself) or `extend` (POST to `…/extend`). */
  action: 'provision' | 'extend';
  idempotencyKey: string | undefined;
  /** The JSON body, when it was one. */
  body: Record<string, unknown> | undefined;
  status: number;
}

interface XtreamDetails {
  kind: 'xtream';
  serverUrl: string;
  username: string;
  password: string;
}

const SERVER_URL = 'http://tv.example.net:8080';
const MAX_BODY_BYTES = 64 * 1024;

export async function startProvisioningStandIn(options: {
  secret: string;
  port?: number;
  host?: string;
}): Promise<ProvisioningStandIn> {
  const state: StandInState = { secret: options.secret, lines: new Map(), extensions: new Map(), down: false };
  const requests: StandInRequest[] = [];
  const server = createServer((req, res) => {
    void answer(req, state).then(({ status, body, received }) => {
      const action = isExtension(req) ? 'extend' : 'provision';
      requests.push({ action, idempotencyKey: header(req, 'idempotency-key'), body: received, status });
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/subscriptions`,
    requests,
    endOf: (subscriptionId) => state.lines.get(subscriptionId)?.endsAt,
    setDown: (value) => void (state.down = value),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

interface Line {
  details: XtreamDetails;
  /** Undefined until an extension sets it; null: for ever. */
  endsAt?: string | null;
}

interface StandInState {
  secret: string;
  /** The lines opened, by subscription id (the provisioning request's Idempotency-Key). */
  lines: Map<string, Line>;
  /** Each extension done, by its Idempotency-Key: the line's end it answered. */
  extensions: Map<string, string | null>;
  down: boolean;
}

interface Answer {
  status: number;
  body: object;
  received?: Record<string, unknown>;
}

const isExtension = (req: IncomingMessage) => /\/extend\/?$/.test(new URL(req.url ?? '/', 'http://stand-in').pathname);

async function answer(req: IncomingMessage, state: StandInState): Promise<Answer> {
  if (req.method !== 'POST') return { status: 405, body: { error: 'POST only' } };
  const raw = await readBody(req);
  if (raw === undefined) return { status: 413, body: { error: 'body too large' } };
  // Kept with the request (the tests read what was asked), even while down.
  const received = jsonOf(raw);
  if (state.down) return { status: 503, body: { error: 'temporarily unavailable' }, received };
  if (!signedWith(raw, header(req, 'x-signature'), state.secret))
    return { status: 401, body: { error: 'bad signature' }, received };
  const key = header(req, 'idempotency-key');
  const subscriptionId = received?.subscriptionId;
  if (!key || typeof subscriptionId !== 'string' || subscriptionId === '')
    return { status: 400, body: { error: 'Idempotency-Key and subscriptionId required' }, received };
  if (isExtension(req)) return { ...extend(state, key, subscriptionId, received!.endsAt), received };
  // The same key always gets the line opened for it first: a retry opens no second line.
  let line = state.lines.get(key);
  if (!line) state.lines.set(key, (line = { details: newLine() }));
  return { status: 200, body: line.details, received };
}

/**
 * A paid renewal: the line opened for the subscription now ends at `endsAt` (null: never), unless
 * it already ends later. The same key is answered the same, without extending again.
 */
function extend(state: StandInState, key: string, subscriptionId: string, endsAt: unknown): Answer {
  const line = state.lines.get(subscriptionId);
  if (!line) return { status: 404, body: { error: 'no line was opened for this subscription' } };
  if (endsAt !== null && (typeof endsAt !== 'string' || Number.isNaN(Date.parse(endsAt))))
    return { status: 400, body: { error: 'endsAt must be an ISO time or null' } };
  if (!state.extensions.has(key)) {
    line.endsAt = later(line.endsAt, endsAt);
    state.extensions.set(key, line.endsAt);
  }
  return { status: 200, body: { subscriptionId, endsAt: state.extensions.get(key) } };
}

/** The later of two ends, null being never. */
function later(current: string | null | undefined, next: string | null): string | null {
  if (current === null || next === null) return null;
  if (current === undefined) return next;
  return Date.parse(next) > Date.parse(current) ? next : current;
}

const header = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

function signedWith(raw: Buffer, signature: string | undefined, secret: string): boolean {
  const expected = createHmac('sha256', secret).update(raw).digest();
  const given = Buffer.from(signature ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function jsonOf(raw: Buffer): Record<string, unknown> | undefined {
  try {
    const body = JSON.parse(raw.toString('utf8')) as unknown;
    return typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function newLine(): XtreamDetails {
  return {
    kind: 'xtream',
    serverUrl: SERVER_URL,
    username: `line-${randomBytes(4).toString('hex')}`,
    password: randomBytes(12).toString('base64url'),
  };
}

/** The body's bytes; undefined when it is larger than the stand-in takes. */
async function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** From the command line: PROVISIONING_SECRET, and PORT or PROVISIONING_STAND_IN_PORT (4100). */
async function main(env: NodeJS.ProcessEnv): Promise<void> {
  const secret = env.PROVISIONING_SECRET;
  if (!secret) {
    process.stderr.write('PROVISIONING_SECRET is required: the same one the store signs its requests with.\n');
    process.exit(1);
  }
  const port = Number(env.PORT || env.PROVISIONING_STAND_IN_PORT || 4100);
  const standIn = await startProvisioningStandIn({ secret, port, host: env.HOST ?? '127.0.0.1' });
  process.stdout.write(`provisioning stand-in on ${standIn.url} (set it as PROVISIONING_URL; renewals at …/extend)\n`);
  const stop = () => void standIn.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main(process.env);
