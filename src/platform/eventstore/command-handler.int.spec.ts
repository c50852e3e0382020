import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/support/database';
import { handleCommand, StaleVersionError, type Decider } from './command-handler';
import { commandMetadata } from './metadata';
import { ConcurrencyError, type EventStore } from './port';
import { PostgresEventStore } from './postgres';
import { claimUnique, releaseUnique, type UniqueValue } from './unique-claim';

// A counter that refuses to pass a limit: enough rules to see the handler load, decide and append.
type CounterEvent = { type: 'Added'; data: { by: number } };
type CounterCommand = { type: 'Add'; by: number; limit: number };
const counter: Decider<CounterCommand, CounterEvent, number> = {
  initialState: 0,
  evolve: (total, event) => total + event.data.by,
  decide(command, total) {
    if (total + command.by > command.limit) throw new Error(`Over the limit: ${total} + ${command.by}`);
    return command.by === 0 ? [] : [{ type: 'Added', data: { by: command.by } }];
  },
};

type NameEvent =
  | { type: 'NameClaimed'; data: { name: string; owner: string } }
  | { type: 'NameReleased'; data: { name: string; owner: string } };
const names: UniqueValue<NameEvent> = {
  stream: (name) => `name-${name}`,
  claimed: (name, owner) => ({ type: 'NameClaimed', data: { name, owner } }),
  released: (name, owner) => ({ type: 'NameReleased', data: { name, owner } }),
  ownerIn: (event) => (event.type === 'NameClaimed' ? event.data.owner : undefined),
};

describe('the command handler', () => {
  let store: EventStore;
  beforeAll(async () => {
    const database = await freshDatabase();
    store = new PostgresEventStore(database.pool, database.url);
  });
  const add =
    (by: number, limit = 100) =>
    () => ({ type: 'Add' as const, by, limit });
  const meta = () => ({ metadata: commandMetadata('admin-1') });

  it('loads, decides and appends at the loaded revision, answering the new state and position', async () => {
    const stream = `counter-${randomUUID()}`;
    const first = await handleCommand(store, stream, counter, add(2), meta());
    const second = await handleCommand(store, stream, counter, add(3), meta());
    expect(first).toMatchObject({ state: 2, revision: 0n, events: [{ type: 'Added', data: { by: 2 } }] });
    expect(second).toMatchObject({ state: 5, revision: 1n });
    expect(second.position.commit > first.position.commit || second.position.prepare > first.position.prepare).toBe(
      true,
    );
  });

  it('writes nothing when the decider decides nothing, and answers where the stream stands', async () => {
    const stream = `counter-${randomUUID()}`;
    const written = await handleCommand(store, stream, counter, add(1), meta());
    const nothing = await handleCommand(store, stream, counter, add(0), meta());
    expect(nothing).toEqual({ state: 1, revision: 0n, events: [], position: written.position });
  });

  it('refuses an edit of a version that is no longer current, saying who changed it and when', async () => {
    const stream = `counter-${randomUUID()}`;
    await handleCommand(store, stream, counter, add(1), meta());
    await handleCommand(store, stream, counter, add(1), { metadata: commandMetadata('admin-2') });
    const stale = handleCommand(store, stream, counter, add(1), { ...meta(), expected: 0n });
    await expect(stale).rejects.toBeInstanceOf(StaleVersionError);
    await expect(stale).rejects.toMatchObject({
      current: { revision: 1n, type: 'Added', actor: 'admin-2', occurredAt: expect.any(String) },
    });
    expect(await store.readStream(stream)).toHaveLength(2);
  });

  it('decides again on the fresh state when a concurrent writer got there first, as many times as allowed', async () => {
    const stream = `counter-${randomUUID()}`;
    let interfere = true;
    // The first decision is overtaken by another writer between the load and the append.
    const racing = async () => {
      if (interfere) {
        interfere = false;
        await store.append(stream, [{ type: 'Added', data: { by: 10 } }], {
          expectedRevision: 'any',
          metadata: commandMetadata('shopper'),
        });
      }
      return { type: 'Add' as const, by: 1, limit: 100 };
    };
    await expect(handleCommand(store, stream, counter, racing, meta())).rejects.toBeInstanceOf(ConcurrencyError);
    interfere = true;
    const retried = await handleCommand(store, stream, counter, racing, { ...meta(), retries: 1 });
    expect(retried.state).toBe(21);
    // The decider's refusal is final: no retry turns it into a write.
    await expect(handleCommand(store, stream, counter, add(100), { ...meta(), retries: 3 })).rejects.toThrow(
      'Over the limit: 21 + 100',
    );
  });

  it('gives a unique value to exactly one of several owners claiming it at once, and frees it on release', async () => {
    const name = randomUUID();
    const owners = ['a', 'b', 'c', 'd'];
    const results = await Promise.all(
      owners.map((owner) => claimUnique(store, names, name, owner, commandMetadata('system'))),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const holder = owners[results.indexOf(true)]!;
    expect(await claimUnique(store, names, name, holder, commandMetadata('system'))).toBe(true);
    const other = owners.find((owner) => owner !== holder)!;
    await releaseUnique(store, names, name, other, commandMetadata('system'));
    expect(await claimUnique(store, names, name, other, commandMetadata('system'))).toBe(false);
    await releaseUnique(store, names, name, holder, commandMetadata('system'));
    expect(await claimUnique(store, names, name, other, commandMetadata('system'))).toBe(true);
  });
});
