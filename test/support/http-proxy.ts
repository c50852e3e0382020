import { request as httpRequest, createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What docker-compose's nginx does for the store (deploy/nginx.conf), reduced to what a rolling
 * restart needs: requests go round-robin to the instances whose /readyz answers 200 (polled every
 * 200 ms, as an orchestrator or active health check would), and a request that could not be sent
 * (connection refused; for a read, also reset before any answer) is sent to the next instance, as
 * `proxy_next_upstream error` does.
 */
export async function loadBalancer(upstreams: string[]): Promise<{ url: string; close(): Promise<void> }> {
  const ready = new Map(upstreams.map((u) => [u, false]));
  let next = 0;
  let polling = true;
  const poll = async () => {
    while (polling) {
      await Promise.all(
        upstreams.map(async (upstream) => {
          const ok = await fetch(`${upstream}/readyz`, { signal: AbortSignal.timeout(1000) }).then(
            (res) => res.status === 200,
            () => false,
          );
          ready.set(upstream, ok);
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  void poll();

  const pick = (tried: Set<string>) => {
    const candidates = upstreams.filter((u) => ready.get(u) && !tried.has(u));
    const fallback = upstreams.filter((u) => !tried.has(u));
    const from = candidates.length ? candidates : fallback;
    return from.length ? from[next++ % from.length] : undefined;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    const tried = new Set<string>();
    for (let upstream = pick(tried); upstream; upstream = pick(tried)) {
      tried.add(upstream);
      if (await forward(upstream, req, body, res)) return;
    }
    res.writeHead(502).end('no instance answered');
  };
  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      polling = false;
      await new Promise((resolve) => server.close(resolve));
      server.closeAllConnections();
    },
  };
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Sends the request to `upstream`; false when it could not be sent (so it may go elsewhere). */
function forward(upstream: string, req: IncomingMessage, body: Buffer, res: ServerResponse): Promise<boolean> {
  return new Promise((resolve) => {
    const target = new URL(req.url ?? '/', upstream);
    const out = httpRequest(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host, connection: 'close' } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on('end', () => resolve(true));
        answer.on('error', () => {
          res.destroy();
          resolve(true);
        });
      },
    );
    // Refused: never sent, safe to send elsewhere. Otherwise only a read may be repeated (nginx does
    // not resend a POST either): a checkout may have been placed before the connection broke.
    out.on('error', (error: NodeJS.ErrnoException) => {
      if (res.headersSent) return resolve((res.destroy(), true));
      const repeatable = error.code === 'ECONNREFUSED' || req.method === 'GET' || req.method === 'HEAD';
      if (repeatable) return resolve(false);
      res.writeHead(502).end(`${req.method} not repeated after ${error.code ?? 'an error'}`);
      resolve(true);
    });
    out.end(body);
  });
}
