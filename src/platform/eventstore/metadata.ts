import { hash, randomUUID } from 'node:crypto';
import { currentRequestId } from '../observability/request-context';
import { COMMAND_LINE, SYSTEM, type Actor, type AppendOptions, type ExpectedRevision } from './port';

export type CommandMetadata = AppendOptions['metadata'];

/**
 * Metadata for the events of one command; the id of the request it serves (from the request
 * context, whatever module runs it) is its correlation id, a new one outside requests. The command
 * id is ours, never the client's (a client chooses its request id), since event ids derive from it.
 */
export function commandMetadata(
  actor: Actor,
  correlationId: string = currentRequestId() ?? randomUUID(),
): CommandMetadata {
  return { actor, correlationId, causationId: correlationId, commandId: randomUUID() };
}

/** Metadata of a command an operator ran from the command line (`npm run admin`): the system's, marked so. */
export function commandLineMetadata(): CommandMetadata {
  return { ...commandMetadata(SYSTEM), origin: COMMAND_LINE };
}

/**
 * The ids of an append's events, the same every time the same append is sent: what lets a store
 * recognise a retry (PostgreSQL by finding them in the stream, EventStoreDB by its own
 * idempotent-write check). Everything that makes an append what it is goes in: the command, the
 * stream, the expectation, the place in the batch and the event itself. So one command may write
 * several streams (a slug claim and a product), or claim and later release one stream, with one
 * metadata; and a command id reused for other events never matches, so it cannot swallow them.
 * Formatted as an RFC 9562 version 8 (custom, here SHA-256 based) UUID.
 */
export function eventIds(
  commandId: string,
  streamId: string,
  expected: ExpectedRevision,
  serialised: { type: string; json: string }[],
): string[] {
  return serialised.map(({ type, json }, index) => {
    // The one-shot hash(): appends are hot, and a Hash object costs more than hashing the text.
    const hex = hash('sha256', `${commandId}\0${streamId}\0${String(expected)}\0${index}\0${type}\0${json}`, 'hex');
    const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  });
}
