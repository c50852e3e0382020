import { createHash, randomUUID } from 'node:crypto';
import type { Actor, AppendOptions, ExpectedRevision } from './port';

export type CommandMetadata = AppendOptions['metadata'];

/**
 * Metadata for the events of one command; a request's id serves as its correlation id. The command
 * id is ours, never the client's (a client chooses its request id), since event ids derive from it.
 */
export function commandMetadata(actor: Actor, correlationId: string = randomUUID()): CommandMetadata {
  return { actor, correlationId, causationId: correlationId, commandId: randomUUID() };
}

/**
 * The ids of an append's events, the same every time the same append is sent: what lets a store
 * recognise a retry (PostgreSQL by its unique index on event_id, EventStoreDB by its own
 * idempotent-write check). Everything that makes an append what it is goes in: the command, the
 * stream, the expectation, the position in the batch and the event itself. So one command may
 * write several streams (a slug claim and a product), or claim and later release one stream, with
 * one metadata; and a command id reused for other events never matches, so it cannot swallow them.
 * Formatted as an RFC 9562 version 8 (custom, here SHA-256 based) UUID.
 */
export function eventIds(commandId: string, streamId: string, expected: ExpectedRevision, serialised: { type: string; json: string }[]): string[] {
  return serialised.map(({ type, json }, index) => {
    const hash = createHash('sha256');
    for (const part of [commandId, streamId, String(expected), String(index), type, json]) hash.update(part).update('\0');
    const bytes = hash.digest().subarray(0, 16);
    bytes[6] = (bytes[6]! & 0x0f) | 0x80;
    bytes[8] = (bytes[8]! & 0x3f) | 0x80;
    const hex = bytes.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  });
}
