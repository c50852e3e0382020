// The store's real entry, main() with its process-level safety net, in a process of its own (run
// with `node --import tsx`, configured by environment as `npm start` is), plus two handlers with
// the kind of bug that escapes every error path: a throw in a timer, a rejection nobody awaits.
import { main } from '../../src/main';
import type { ClientEvent } from '../../src/shared/live/types';

const app = await main();

// A client message the live contract does not know: only this test's client sends it.
app.realtime.onClientEvent('failLater' as ClientEvent, () => {
  setTimeout(() => {
    throw new Error('socket handler bug in a timer');
  });
});

app.http.get('/fail-later', () => {
  void (async () => {
    await new Promise((resolve) => setTimeout(resolve, 10));
    throw new Error('request handler bug after an await');
  })();
});
// Moved first in Express's stack, so no other route or the 404 fallback answers it before it fails.
const stack = app.http.router.stack as unknown[];
stack.unshift(stack.pop());
