import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Router } from 'express';
import pino from 'pino';
import { coded } from '../../shared/errors';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../test/support/wait';
import { currentRequestId } from '../observability/request-context';
import { createHttpApp } from './app';
import { CachedJson } from './cached-json';
import { notFound } from './errors';
import { expressRead, fastRead, JsonAnswer, type FastRead, type ReadHandler } from './fast-reads';

// The front door: reads answered ahead of Express must look exactly like Express's answers
// (security headers, CORS), and whatever a fast read declines must reach Express.
describe('fast reads', () => {
  const memory = {
    answer: new CachedJson({ from: 'memory', items: Array.from({ length: 500 }, (_, i) => i) }) as
      CachedJson | undefined,
  };
  const queries: unknown[] = [];
  // A read written once, as the admin's are: fast when it answers, Express's error when it throws.
  const answeredBy: string[] = [];
  const item: ReadHandler = async ({ params, query }) => {
    await new Promise((resolve) => setImmediate(resolve));
    if (params.id === 'missing') throw notFound(coded('order.not_found'));
    if (query.fail) throw new Error('the database is away');
    return new JsonAnswer({ id: params.id, query }, `"${params.id!.length}"`);
  };
  const fastReads: Record<string, FastRead> = {
    '/list': ({ query }) => {
      queries.push(query);
      return query.page === 'bad' ? undefined : memory.answer;
    },
    '/items/:id': (request) => {
      answeredBy.push('fast');
      return fastRead(item)(request);
    },
  };
  const express = Router()
    .get('/list', (req, res) => {
      if (req.query.page === 'bad') throw notFound(coded('request.not_found', { method: 'GET', path: '/list' }));
      res.json({ from: 'express' });
    })
    .get('/other', (_req, res) => void res.json({ from: 'express', requestId: currentRequestId() ?? null }))
    .get('/items/:id', (req, res, next) => {
      answeredBy.push('express');
      return expressRead(item)(req, res, next);
    })
    .get('/items/:id/more', (_req, res) => void res.json({ from: 'express' }));
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
    expect(declined.body).toEqual({
      status: 404,
      code: 'request.not_found',
      params: { method: 'GET', path: '/list' },
      message: 'No route for GET /list',
    });
    memory.answer = undefined;
    expect((await request(url).get('/list')).body).toEqual({ from: 'express' });
    const post = await request(url).post('/list');
    expect(post.status).toBe(404);
    expect((await request(url).get('/other')).body).toMatchObject({ from: 'express' });
  });

  it('names every answer with its request id, and runs what Express answers under it', async () => {
    memory.answer = new CachedJson({ from: 'memory' });
    const fast = await request(url).get('/list');
    expect(fast.body).toEqual({ from: 'memory' });
    expect(fast.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // A read that declines reaches Express under the id it was given, not a second one.
    const declined = await request(url).get('/list?page=bad').set('X-Request-Id', 'support-1234');
    expect([declined.status, declined.headers['x-request-id']]).toEqual([404, 'support-1234']);
    const other = await request(url).get('/other').set('X-Request-Id', 'support-5678');
    expect(other.headers['x-request-id']).toBe('support-5678');
    expect(other.body.requestId).toBe('support-5678');
  });

  it("answers a pattern's reads with their parameters, asynchronously, as Express would", async () => {
    answeredBy.length = 0;
    const fast = await request(url).get('/items/a-1?x=2').set('Origin', 'https://partner.example');
    expect(answeredBy).toEqual(['fast']);
    expect(fast.status).toBe(200);
    expect(fast.body).toEqual({ id: 'a-1', query: { x: '2' } });
    expect(fast.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(fast.headers.etag).toBe('"3"');
    expect(fast.headers['content-security-policy']).toBeDefined();
    expect(fast.headers['access-control-allow-origin']).toBe('https://partner.example');
    expect((await request(url).get('/items/a-1').set('If-None-Match', 'W/"3"')).status).toBe(304);
    const [get, head] = await Promise.all([request(url).get('/items/a-1'), request(url).head('/items/a-1')]);
    expect([head.status, head.headers['content-length'], head.text ?? '']).toEqual([200, String(get.text.length), '']);
  });

  it("leaves to Express what a pattern's read throws, and paths it does not name exactly", async () => {
    answeredBy.length = 0;
    const missing = await request(url).get('/items/missing');
    expect([missing.status, missing.body]).toEqual([
      404,
      { status: 404, code: 'order.not_found', message: 'Order not found' },
    ]);
    const failing = await request(url).get('/items/a-1?fail=1');
    expect(failing.status).toBe(500);
    expect(answeredBy).toEqual(['fast', 'express', 'fast', 'express']);
    answeredBy.length = 0;
    // Percent-encoded (a control character among them) and longer paths: Express's.
    expect((await request(url).get('/items/a%00b')).status).toBe(404);
    expect((await request(url).get('/items/a%20b')).body).toEqual({ id: 'a b', query: {} });
    expect((await request(url).get('/items/a-1/more')).body).toEqual({ from: 'express' });
    expect(answeredBy).toEqual(['express']);
  });
});
