import { randomUUID } from 'node:crypto';
import type { Actor, AppendOptions } from './port';

export type CommandMetadata = AppendOptions['metadata'];

/** Metadata for the events of one command; a request's id serves as its correlation id. */
export function commandMetadata(actor: Actor, correlationId: string = randomUUID()): CommandMetadata {
  return { actor, correlationId, causationId: correlationId };
}
