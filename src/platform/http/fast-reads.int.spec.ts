import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Router } from 'express';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../eventstore/contract';
import { createHttpApp, type FastRead } from './app';
import { CachedJson } from './cached-json';
import { notFound } from './errors';

// The front door: reads answered ahead of Express must look exactly like Express's answers
// (security headers, CORS), and whatever a fast read declines must reach Express.
describe('fast reads', () => {
  const memory = {
    answer: new CachedJson({ from: 'memory', items: Array.from({ length: 500 }, (_, i) => i) }) as
      CachedJson | undefined,
  };
  const queries: unknown[] = [];
  const fastReads: Record<string, FastRead> = {
    '/list': (query) => {
      queries.push(query);
      return query.page === 'bad' ? undefined : memory.answer;
    },
  };
  const express = Router()
    .get('/list', (req, res) => {
      if (req.query.page === 'bad') throw notFound('No such page');
      res.json({ from: 'express' });
    })
    .get('/other', (_req, res) => void res.json({ from: 'express' }));
  let server: Server;
  let url: string;

  beforeAll(async () => {
    const http = createHttpApp({
      logger: pino({ level: 'silent' }),
      routers: [express],
      fastReads,
      corsOrigins: ['https://partner.example'],
    });
    server = createServer(http.listener);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers from memory, with the query parsed as Express parses it', async () => {
    const res = await request(url).get('/list?page=2&tag=a&tag=b');
    expect(res.body.from).toBe('memory');
    expect(queries.at(-1)).toEqual({ page: '2', tag: ['a', 'b'] });
  });

  it('sends the same security and CORS headers as an Express route', async () => {
    const fastRead = () =>
      request(url).get('/list').set('Origin', 'https://partner.example').set('Accept-Encoding', 'gzip');
    // Compressed in the background once asked for again, then sent compressed.
    await waitUntil(async () => (await fastRead()).headers['content-encoding'] === 'gzip');
    const fast = await fastRead();
    const slow = await request(url).get('/other').set('Origin', 'https://partner.example');
    expect(fast.headers['content-encoding']).toBe('gzip');
    for (const name of [
      'content-security-policy',
      'x-content-type-options',
      'strict-transport-security',
      'referrer-policy',
      'access-control-allow-origin',
      'access-control-expose-headers',
    ]) {
      expect(fast.headers[name], name).toBeDefined();
      expect(fast.headers[name], name).toBe(slow.headers[name]);
    }
    expect(fast.headers.vary).toBe('Origin, Accept-Encoding');
    expect(fast.headers['x-powered-by']).toBeUndefined();
  });

  it('answers 304 to a matching If-None-Match and no body to HEAD', async () => {
    const first = await request(url).get('/list');
    expect((await request(url).get('/list').set('If-None-Match', first.headers.etag!)).status).toBe(304);
    const head = await request(url).head('/list');
    expect(head.status).toBe(200);
    expect(head.text ?? '').toBe('');
  });

  it('leaves to Express what it declines, other methods and other paths', async () => {
    const declined = await request(url).get('/list?page=bad');
    expect(declined.status).toBe(404);
    expect(declined.body).toEqual({ status: 404, message: 'No such page' });
    memory.answer = undefined;
    expect((await request(url).get('/list')).body).toEqual({ from: 'express' });
    const post = await request(url).post('/list');
    expect(post.status).toBe(404);
    expect((await request(url).get('/other')).body).toEqual({ from: 'express' });
  });
});
