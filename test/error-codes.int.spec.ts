import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishText } from '../src/platform/error-text';
import { isErrorCode } from '../src/shared/errors';
import { adminToken, bearer } from './support/admin';
import { startTestApp, type RunningApp } from './support/app';

// Every refusal the API answers carries a code of the shared list, and its English message is that
// code's text (docs/architecture.md#errors): walked over every operation of the API's own description,
// as a stranger and as an administrator, with ids that name nothing and bodies that mean nothing.

interface Operation {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
}

describe('error codes', () => {
  let app: RunningApp;
  let token: string;
  let operations: Operation[];

  beforeAll(async () => {
    app = await startTestApp();
    token = await adminToken(app.url);
    const document = (await request(app.url).get('/api/openapi.json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    operations = Object.entries(document.paths)
      .flatMap(([path, methods]) =>
        Object.keys(methods)
          .filter((method): method is Operation['method'] => ['get', 'post', 'put', 'delete'].includes(method))
          .map((method) => ({ method, path })),
      )
      // The sandbox's pages stand in for the payment provider's own site, which answers in HTML.
      .filter((operation) => !operation.path.startsWith('/sandbox/'));
  });

  afterAll(async () => {
    await app?.close();
  });

  /** The refusal's code is on the list and its message is that code's English text. */
  function expectCoded(answer: request.Response, what: string) {
    if (answer.status < 400) return 0;
    const { code, params, message } = answer.body as { code?: unknown; params?: never; message?: unknown };
    expect(isErrorCode(code), `${what} answered ${answer.status} with code ${String(code)}`).toBe(true);
    expect(message, what).toBe(englishText({ code: code as never, params }));
    for (const [field, problem] of Object.entries((answer.body.fields ?? {}) as Record<string, { code: unknown }>)) {
      expect(isErrorCode(problem.code), `${what} field ${field}: ${String(problem.code)}`).toBe(true);
    }
    return 1;
  }

  const send = (operation: Operation, headers: Record<string, string>, body: unknown) => {
    const path = operation.path.replace(/\{[^}]+\}/g, 'nothing-here');
    const call = request(app.url)[operation.method](path).set(headers);
    return operation.method === 'get' || operation.method === 'delete' ? call : call.send(body as object);
  };

  it('answers every refusal of every operation with a known code', async () => {
    let refusals = 0;
    // Signing out would end the token the walk uses: it goes last.
    const ordered = [...operations].sort(
      (a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')),
    );
    for (const operation of ordered) {
      const what = `${operation.method.toUpperCase()} ${operation.path}`;
      for (const body of [{}, { everything: ['wrong'], amount: 'x', items: 'x', phone: 12 }]) {
        refusals += expectCoded(await send(operation, {}, body), `${what} (anonymous)`);
        refusals += expectCoded(
          await send(operation, { ...bearer(token), 'If-Match': 'nope' }, body),
          `${what} (admin)`,
        );
      }
    }
    expect(operations.length).toBeGreaterThan(40);
    expect(refusals).toBeGreaterThan(operations.length);
  }, 120_000);

  it('codes what the router, the body parser and the edge refuse', async () => {
    const answers = [
      await request(app.url).get('/api/no-such-thing'),
      await request(app.url).post('/api/auth/login').set('Content-Type', 'application/json').send('{"broken'),
      await request(app.url)
        .post('/api/auth/login')
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ username: 'x'.repeat(200_000) })),
      await request(app.url).get('/api/admin/users'),
      await request(app.url).get('/api/admin/users').set(bearer('not-a-token')),
      await request(app.url).get('/products/%01'),
    ];
    expect(answers.map((answer) => [answer.status, answer.body.code])).toEqual([
      [404, 'request.not_found'],
      [400, 'request.body_not_json'],
      [413, 'request.body_too_large'],
      [401, 'auth.required'],
      [401, 'auth.required'],
      [404, 'request.control_character'],
    ]);
    answers.forEach((answer, index) => expectCoded(answer, `edge ${index}`));
  });
});
