import { describe, expect, it } from 'vitest';
import { chooseEncoding, isCompressible } from './compression';

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, else the identity', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('br, gzip')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('x-gzip')).toBe('gzip');
    expect(chooseEncoding('deflate')).toBeUndefined();
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding('')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });

  it('follows the weights: the heaviest wins, q=0 refuses, * stands for the others', () => {
    expect(chooseEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('BR;Q=0, GZIP;Q=0')).toBeUndefined();
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('br;q=0, *')).toBe('gzip');
    expect(chooseEncoding('gzip;q=0.2, *;q=0.1')).toBe('gzip');
    expect(chooseEncoding('br;q=nonsense, gzip')).toBe('gzip');
  });

  it('chooses among the forms available', () => {
    expect(chooseEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(chooseEncoding('br', ['gzip'])).toBeUndefined();
    expect(chooseEncoding('br, gzip', [])).toBeUndefined();
  });
});

describe('isCompressible', () => {
  it('takes text, JSON, JavaScript, XML and SVG, not images or fonts', () => {
    for (const type of [
      'application/json; charset=utf-8',
      'text/html; charset=utf-8',
      'text/javascript',
      'text/csv',
      'application/xml',
      'image/svg+xml',
      'application/problem+json',
    ])
      expect(isCompressible(type), type).toBe(true);
    for (const type of ['image/webp', 'image/png', 'font/woff2', 'application/octet-stream', undefined])
      expect(isCompressible(type), String(type)).toBe(false);
  });
});
