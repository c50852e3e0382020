import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eventStoreContract } from '../../../test/contracts/event-store.contract';
import { waitUntil } from '../../../test/support/wait';
import { connectEsdb } from './esdb';

const url = process.env.EVENTSTORE_URL;

// No EventStoreDB server can be had on the dev/CI machine, so these run only where EVENTSTORE_URL points at one.
describe.skipIf(!url)('EventStoreDB event store', () => {
  // The server is shared: the contract writes to streams named with fresh UUIDs and filters by them.
  eventStoreContract('EventStoreDB', () => connectEsdb(url!));

  it('wakes listeners when another client appends', async () => {
    const [watcher, writer] = await Promise.all([connectEsdb(url!), connectEsdb(url!)]);
    let wakeUps = 0;
    const unlisten = watcher.onAppended(() => wakeUps++);
    try {
      // The live $all subscription opens asynchronously; keep appending until it has seen one.
      await waitUntil(async () => {
        await writer.append(`wake-${randomUUID()}`, [{ type: 'Poked', data: {} }], {
          expectedRevision: 'no_stream',
          metadata: { actor: 'system', correlationId: randomUUID(), causationId: randomUUID() },
        });
        return wakeUps > 0;
      });
      expect(wakeUps).toBeGreaterThan(0);
    } finally {
      unlisten();
      await Promise.all([watcher.close(), writer.close()]);
    }
  });
});
