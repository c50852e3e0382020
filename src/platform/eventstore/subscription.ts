import type { EventStore, Position, RecordedEvent, Subscription } from './port';
import { WakeLatch } from './wake';

const BATCH = 500;
const POLL_MS = 1000;

/**
 * A catch-up-then-live subscription built on readAll and the wake-up hint, so it inherits
 * readAll's guarantee: never past an event whose writer is still in flight.
 */
export function pollingSubscription(
  store: Pick<EventStore, 'readAll' | 'onAppended'>,
  from: Position,
  handler: (event: RecordedEvent) => Promise<void> | void,
): Subscription {
  const latch = new WakeLatch();
  const unlisten = store.onAppended(latch.wake);
  let stopped = false;
  let reportFailure: (error: Error) => void = () => {};
  const failed = new Promise<Error>((resolve) => (reportFailure = resolve));

  const loop = async () => {
    let after = from;
    while (!stopped) {
      const events = await store.readAll({ after, limit: BATCH });
      for (const event of events) {
        if (stopped) return;
        await handler(event);
        after = event.position;
      }
      if (events.length < BATCH && !stopped) await latch.sleep(POLL_MS);
    }
  };
  const running = loop()
    .catch((error: unknown) => {
      stopped = true;
      reportFailure(error instanceof Error ? error : new Error(String(error)));
    })
    .finally(unlisten);

  return {
    failed,
    async stop() {
      stopped = true;
      latch.wake();
      await running;
    },
  };
}
