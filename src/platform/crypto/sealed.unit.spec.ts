import { describe, expect, it } from 'vitest';
import { createSealer, generateEncryptionKey, parseEncryptionKey, UnsealError } from './sealed';

const value = { kind: 'xtream', username: 'ali-2025', password: 'S3cret!', serverUrl: 'http://tv.example.dz:8080' };

/**
 * The sealed text with one bit of its ciphertext flipped where the plain text has a letter inside a
 * string: without the tag's check it would still open, to valid JSON with another letter.
 */
function tampered(sealed: string, at: number): string {
  const parts = sealed.split('.');
  const body = Buffer.from(parts[3]!, 'base64url');
  body[at] = body[at]! ^ 0x01;
  return [...parts.slice(0, 3), body.toString('base64url')].join('.');
}

describe('sealed values (AES-256-GCM)', () => {
  it('open to the value sealed, and show none of it', () => {
    const sealer = createSealer(generateEncryptionKey());
    const sealed = sealer.seal(value);
    expect(sealer.open(sealed)).toEqual(value);
    for (const secret of Object.values(value)) expect(sealed).not.toContain(secret);
  });

  it('differ each time the same value is sealed (a fresh IV)', () => {
    const sealer = createSealer(generateEncryptionKey());
    expect(sealer.seal(value)).not.toBe(sealer.seal(value));
  });

  it('refuse to open once altered', () => {
    const sealer = createSealer(generateEncryptionKey());
    const sealed = sealer.seal(value);
    expect(() => sealer.open(tampered(sealed, JSON.stringify(value).indexOf('ali')))).toThrow(UnsealError);
    expect(() => sealer.open(sealed.slice(0, -2))).toThrow(UnsealError);
    expect(() => sealer.open('v1.x.y')).toThrow(UnsealError);
  });

  it('refuse to open under another key', () => {
    const sealed = createSealer(generateEncryptionKey()).seal(value);
    expect(() => createSealer(generateEncryptionKey()).open(sealed)).toThrow(UnsealError);
  });

  it('take the key as base64 or hex, 32 bytes only', () => {
    const key = Buffer.alloc(32, 7);
    expect(parseEncryptionKey(key.toString('base64'))).toEqual(key);
    expect(parseEncryptionKey(key.toString('hex'))).toEqual(key);
    expect(parseEncryptionKey(Buffer.alloc(16, 7).toString('base64'))).toBeUndefined();
    expect(parseEncryptionKey('not a key')).toBeUndefined();
    const hexSealed = createSealer(key.toString('hex')).seal(value);
    expect(createSealer(key.toString('base64')).open(hexSealed)).toEqual(value);
  });
});
