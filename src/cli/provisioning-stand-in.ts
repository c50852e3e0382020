import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

// `npm run provisioning:stand-in`: an operator's provisioning service as the contract describes it
// (docs/product.md#provisioning-contract), written from that page rather than from the store's
// client, for trying automatic delivery locally and for the tests. It checks the signature (401
// otherwise), answers the same Xtream details for the same Idempotency-Key, and can play an outage.

export interface ProvisioningStandIn {
  /** Where the store posts (PROVISIONING_URL). */
  url: string;
  /** Every request received, in order, with its Idempotency-Key and the status it was answered. */
  requests: { idempotencyKey: string | undefined; status: number }[];
  /** While down, every request is answered 503, as during an outage. */
  setDown(down: boolean): void;
  close(): Promise<void>;
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
  const lines = new Map<string, XtreamDetails>();
  const requests: ProvisioningStandIn['requests'] = [];
  let down = false;
  const server = createServer((req, res) => {
    void answer(req, { secret: options.secret, lines, down }).then(({ status, body }) => {
      requests.push({ idempotencyKey: header(req, 'idempotency-key'), status });
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/subscriptions`,
    requests,
    setDown: (value) => void (down = value),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function answer(
  req: IncomingMessage,
  state: { secret: string; lines: Map<string, XtreamDetails>; down: boolean },
): Promise<{ status: number; body: object }> {
  if (state.down) return { status: 503, body: { error: 'temporarily unavailable' } };
  if (req.method !== 'POST') return { status: 405, body: { error: 'POST only' } };
  const raw = await readBody(req);
  if (raw === undefined) return { status: 413, body: { error: 'body too large' } };
  if (!signedWith(raw, header(req, 'x-signature'), state.secret))
    return { status: 401, body: { error: 'bad signature' } };
  const key = header(req, 'idempotency-key');
  if (!key || !hasSubscriptionId(raw))
    return { status: 400, body: { error: 'Idempotency-Key and subscriptionId required' } };
  // The same key always gets the line opened for it first: a retry opens no second line.
  let details = state.lines.get(key);
  if (!details) state.lines.set(key, (details = newLine()));
  return { status: 200, body: details };
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

function hasSubscriptionId(raw: Buffer): boolean {
  try {
    const body = JSON.parse(raw.toString('utf8')) as { subscriptionId?: unknown };
    return typeof body.subscriptionId === 'string' && body.subscriptionId !== '';
  } catch {
    return false;
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
  process.stdout.write(`provisioning stand-in on ${standIn.url} (set it as PROVISIONING_URL)\n`);
  const stop = () => void standIn.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main(process.env);
