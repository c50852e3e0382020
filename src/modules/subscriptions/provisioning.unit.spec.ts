import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../../platform/queue/port';
import { provisioningRetries } from './provisioning';
import { activationOf, extensionKey, extensionUrl, ProvisioningFailure, signBody } from './provisioning-client';

// The store's side of the provisioning contract (docs/product.md#provisioning-contract): how a
// request is signed, which answers are taken as activation details, and how often it is tried.

describe('the provisioning contract', () => {
  it('signs the raw body: hex HMAC-SHA256 with the shared secret', () => {
    const body = JSON.stringify({ subscriptionId: 'sub-1', package: 'Gold محمد' });
    const secret = 'provisioning-secret-0123456789';
    expect(signBody(body, secret)).toBe(createHmac('sha256', secret).update(Buffer.from(body, 'utf8')).digest('hex'));
    expect(signBody(body, secret)).toMatch(/^[0-9a-f]{64}$/);
    expect(signBody(`${body} `, secret)).not.toBe(signBody(body, secret));
    expect(signBody(body, `${secret}x`)).not.toBe(signBody(body, secret));
  });

  it('asks for an extension at `{PROVISIONING_URL}/extend`, with a key per renewal of a subscription', () => {
    expect(extensionUrl('https://op.example.net/subscriptions')).toBe('https://op.example.net/subscriptions/extend');
    expect(extensionUrl('https://op.example.net/subscriptions/')).toBe('https://op.example.net/subscriptions/extend');
    expect(extensionUrl('https://op.example.net')).toBe('https://op.example.net/extend');
    expect(extensionUrl('https://op.example.net/api/lines?store=dz')).toBe(
      'https://op.example.net/api/lines/extend?store=dz',
    );
    expect(extensionKey('sub-1', 'renewal-1')).toBe('sub-1:renewal-1');
    expect(extensionKey('sub-1', 'renewal-2')).not.toBe(extensionKey('sub-1', 'renewal-1'));
  });

  it('takes details in the store’s shape, as an administrator’s delivery would be checked', () => {
    expect(
      activationOf({ kind: 'xtream', serverUrl: 'http://tv.example.net:8080', username: 'line-1', password: ' pw ' }),
    ).toEqual({ kind: 'xtream', serverUrl: 'http://tv.example.net:8080', username: 'line-1', password: ' pw ' });
    expect(activationOf({ kind: 'mag', portalUrl: 'https://p.example.net/c/', mac: '00-1a-79-ab-cd-ef' })).toEqual({
      kind: 'mag',
      portalUrl: 'https://p.example.net/c/',
      mac: '00:1A:79:AB:CD:EF',
    });
    expect(activationOf({ kind: 'code', code: 'ACT-1', note: 'Use VLC', subscriptionId: 'theirs' })).toEqual({
      kind: 'code',
      code: 'ACT-1',
      note: 'Use VLC',
    });
  });

  it.each([
    [null, /not activation details/],
    [[{ kind: 'code', code: 'A' }], /not activation details/],
    ['ACT-1', /not activation details/],
    [{ kind: 'smart-tv', code: 'A' }, /xtream, m3u, mag or code/],
    [{ kind: 'xtream', serverUrl: 'ftp://tv.example.net', username: 'u', password: 'p' }, /serverUrl: Server URL must/],
    [{ kind: 'xtream', serverUrl: 'http://tv.example.net', username: 'u' }, /password/],
    [{ kind: 'm3u', playlistUrl: 'javascript:alert(1)' }, /playlistUrl/],
  ])('refuses %j with a reason', (answer, reason) => {
    expect(() => activationOf(answer)).toThrow(ProvisioningFailure);
    expect(() => activationOf(answer)).toThrow(reason);
  });

  it('names what is wrong in a refused answer, never the values it holds', () => {
    const secretish = 'hunter2-very-secret-password';
    let reason = '';
    try {
      activationOf({ kind: 'xtream', serverUrl: `gopher://${secretish}`, username: secretish, password: '' });
    } catch (error) {
      reason = (error as Error).message;
    }
    expect(reason).toMatch(/serverUrl/);
    expect(reason).not.toContain(secretish);
  });

  it('tries PROVISIONING_ATTEMPTS times, each retry waiting twice as long as the one before', () => {
    const retries = provisioningRetries({ PROVISIONING_ATTEMPTS: 5, PROVISIONING_RETRY_AFTER: '5s' });
    expect(retries.attempts).toBe(5);
    const delays = [1, 2, 3, 4].map((attempt) => backoffDelay(retries.backoff, attempt));
    expect(delays).toEqual([5_000, 10_000, 20_000, 40_000]);
    const quick = provisioningRetries({ PROVISIONING_ATTEMPTS: 3, PROVISIONING_RETRY_AFTER: '50ms' });
    expect([1, 2].map((attempt) => backoffDelay(quick.backoff, attempt))).toEqual([50, 100]);
  });
});
