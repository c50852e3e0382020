import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// Secrets at rest (docs/security.md#encryption-at-rest): a JSON value sealed with AES-256-GCM under
// DATA_ENCRYPTION_KEY before it enters an event, opened only to answer an administrator. A sealed
// value is text: `v1.<iv>.<tag>.<ciphertext>`, each part base64url. GCM's tag makes a changed
// ciphertext, or one sealed under another key, fail to open instead of opening to garbage.

const FORMAT = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A sealed value that cannot be opened: altered, truncated, or sealed under another key. */
export class UnsealError extends Error {
  override name = 'UnsealError';
}

/** Seals and opens JSON values under one key. */
export interface Sealer {
  seal(value: unknown): string;
  open<T>(sealed: string): T;
}

/**
 * The 32 bytes of DATA_ENCRYPTION_KEY, written as base64 (44 characters) or hex (64 characters);
 * undefined when the text is neither.
 */
export function parseEncryptionKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) return undefined;
  const key = Buffer.from(trimmed, 'base64');
  return key.length === KEY_BYTES ? key : undefined;
}

/** A new key, written as DATA_ENCRYPTION_KEY takes it (base64). */
export const generateEncryptionKey = () => randomBytes(KEY_BYTES).toString('base64');

export function createSealer(keyText: string): Sealer {
  const key = parseEncryptionKey(keyText);
  if (!key) throw new Error('DATA_ENCRYPTION_KEY must be 32 bytes, as base64 or hex');
  return {
    seal: (value) => seal(key, value),
    open: <T>(sealed: string) => open(key, sealed) as T,
  };
}

function seal(key: Buffer, value: unknown): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
  return [FORMAT, ...parts].join('.');
}

function open(key: Buffer, sealed: string): unknown {
  const [format, iv, tag, ciphertext, ...rest] = sealed.split('.');
  if (format !== FORMAT || iv === undefined || tag === undefined || ciphertext === undefined || rest.length)
    throw new UnsealError('not a sealed value');
  const ivBytes = Buffer.from(iv, 'base64url');
  const tagBytes = Buffer.from(tag, 'base64url');
  if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) throw new UnsealError('not a sealed value');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, ivBytes, { authTagLength: TAG_BYTES });
    decipher.setAuthTag(tagBytes);
    const plain = Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]);
    return JSON.parse(plain.toString('utf8'));
  } catch {
    throw new UnsealError('the sealed value was altered or sealed under another key');
  }
}
