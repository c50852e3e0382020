import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { commandMetadata, eventIds } from './metadata';

const UUID_V8 = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('event ids', () => {
  const paid = { type: 'OrderPaid', json: '{"amount":2500}' };
  const created = { type: 'ProductCreated', json: '{"name":"Gold"}' };

  it('are the same for the same append, so a resent append is recognised', () => {
    const { commandId } = commandMetadata('system');
    expect(eventIds(commandId!, 'order-1', 3n, [paid])).toEqual(eventIds(commandId!, 'order-1', 3n, [paid]));
  });

  it('differ by stream, expectation, place in the batch, type, data and command', () => {
    const commandId = randomUUID();
    const ids = [
      ...eventIds(commandId, 'product-1', 'no_stream', [created, created]),
      ...eventIds(commandId, 'slug-gold', 'no_stream', [created]),
      ...eventIds(commandId, 'product-1', 0n, [created]),
      ...eventIds(commandId, 'product-1', 'no_stream', [{ ...created, type: 'ProductUpdated' }]),
      ...eventIds(randomUUID(), 'product-1', 'no_stream', [created]),
      ...eventIds(commandId, 'منتج-1', 'no_stream', [created]),
      ...eventIds(commandId, 'product-1', 'no_stream', [{ ...created, json: '{"name":"Silver"}' }]),
    ];
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(UUID_V8);
  });
});
