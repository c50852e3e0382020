// One server of bench/catalogue, in a process of its own so that autocannon (in the parent) does
// not share its event loop. Prints "LISTENING <url>" once it answers.
//   app <databaseUrl>                  the product (startApp)
//   express-buffer <dir>           Express 5 routes sending pre-serialised buffers (the app's answers,
//                                  saved in dir as products, categories and their .br forms)
//   express-select <databaseUrl>   Express 5 routes running the equivalent SELECT per request,
//                                  gzipped per request when asked (as Express's compression would)
//   node-http <dir>                bare node:http sending the same buffers
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import express, { type Request, type Response } from 'express';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { startApp } from '../src/main';
import { categoryView, productView, type CategoryRow, type ProductRow } from '../src/projections/catalogue';

const [mode, first] = process.argv.slice(2);
const gzip = promisify(gzipCallback);

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function app(databaseUrl: string): Promise<string> {
  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bench-catalogue-')),
    DATABASE_URL: databaseUrl,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    DATA_ENCRYPTION_KEY: Buffer.alloc(32, 5).toString('base64'),
    ADMIN_PASSWORD: process.env.BENCH_ADMIN_PASSWORD,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    SEED_DEMO: 'false',
    RUN_WORKERS: 'false',
  });
  return (await startApp(config)).url;
}

type Send = (req: IncomingMessage, res: ServerResponse) => void;

/** Per route, a handler sending the saved answer: brotli when the request accepts it. */
function bufferSenders(dir: string): Record<string, Send> {
  const sender = (name: string): Send => {
    const plain = readFileSync(path.join(dir, name));
    const brotli = readFileSync(path.join(dir, `${name}.br`));
    return (req, res) => {
      const compressed = /\bbr\b/.test(req.headers['accept-encoding'] ?? '');
      const body = compressed ? brotli : plain;
      const headers: Record<string, string | number> = {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': body.length,
      };
      if (compressed) headers['Content-Encoding'] = 'br';
      res.writeHead(200, headers).end(body);
    };
  };
  return { '/products': sender('products'), '/categories': sender('categories') };
}

async function expressBuffer(dir: string): Promise<string> {
  const server = express();
  for (const [route, send] of Object.entries(bufferSenders(dir))) server.get(route, (req, res) => send(req, res));
  return listen(createServer(server));
}

const PRODUCTS_SQL = `
  SELECT p.*, c.slug AS category_slug, c.name AS category_name
  FROM catalogue_products p LEFT JOIN catalogue_categories c ON c.id = p.category_id
  WHERE p.active ORDER BY p.created_at, p.id`;
const CATEGORIES_SQL = `
  SELECT c.*, count(p.id) FILTER (WHERE p.active)::int AS products_count
  FROM catalogue_categories c LEFT JOIN catalogue_products p ON p.category_id = c.id
  GROUP BY c.id ORDER BY c.created_at, c.id`;

async function expressSelect(databaseUrl: string): Promise<string> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
  const server = express();
  const send = async (req: Request, res: Response, value: unknown) => {
    const json = Buffer.from(JSON.stringify(value));
    if (!/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) return void res.type('json').send(json);
    res
      .set('Content-Encoding', 'gzip')
      .type('json')
      .send(await gzip(json));
  };
  server.get('/products', async (req, res) => {
    const { rows } = await pool.query<ProductRow & { category_slug: string; category_name: string }>(PRODUCTS_SQL);
    await send(
      req,
      res,
      rows.map((row) => productView(row, { slug: row.category_slug, name: row.category_name })),
    );
  });
  server.get('/categories', async (req, res) => {
    const { rows } = await pool.query<CategoryRow & { products_count: number }>(CATEGORIES_SQL);
    const total = rows.length;
    await send(req, res, {
      data: rows.map((row) => categoryView(row, row.products_count)),
      pagination: { page: 1, limit: Math.max(total, 1), total, totalPages: 1 },
    });
  });
  return listen(createServer(server));
}

async function nodeHttp(dir: string): Promise<string> {
  const senders = bufferSenders(dir);
  return listen(
    createServer((req, res) => {
      const send = senders[req.url ?? ''];
      if (!send) return void res.writeHead(404).end();
      send(req, res);
    }),
  );
}

const servers: Record<string, () => Promise<string>> = {
  app: () => app(first!),
  'express-buffer': () => expressBuffer(first!),
  'express-select': () => expressSelect(first!),
  'node-http': () => nodeHttp(first!),
};

const start = servers[mode ?? ''];
if (!start) throw new Error(`unknown server ${mode}; one of ${Object.keys(servers).join(', ')}`);
process.stdout.write(`LISTENING ${await start()}\n`);
