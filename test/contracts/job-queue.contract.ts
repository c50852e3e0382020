import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobContext, JobFailure, JobQueue, QueueHooks } from '../../src/platform/queue/port';

// The one contract every JobQueue adapter passes. Each adapter's test file calls it with a factory
// that returns a fresh handle; handles made by one factory share a backend when the adapter has
// one (BullMQ: the same Redis and prefix). Every test uses its own job names, so leftovers of one
// test never reach another. Timings are only asserted as lower bounds; waits poll.

export type QueueFactory = (hooks?: QueueHooks) => Promise<JobQueue>;

export interface ContractOptions {
  /** Whether two handles from the factory see the same jobs (false for the in-process queue). */
  handlesShareBackend: boolean;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(20);
  }
}

/** A promise to hold a handler open until the test releases it. */
function gate() {
  let release!: () => void;
  const opened = new Promise<void>((resolve) => (release = resolve));
  return { opened, release };
}

// Timers may round down by a millisecond or two, and BullMQ stamps the job before the test reads
// the clock; this only absorbs that, it is not a timing tolerance.
const SLACK_MS = 25;

const jobName = () => `job-${randomUUID().slice(0, 8)}`;

export function jobQueueContract(name: string, make: QueueFactory, { handlesShareBackend }: ContractOptions): void {
  describe(`JobQueue contract: ${name}`, () => {
    const handles: JobQueue[] = [];
    const open = async (hooks?: QueueHooks) => {
      const queue = await make(hooks);
      handles.push(queue);
      return queue;
    };
    afterEach(async () => {
      await Promise.all(handles.splice(0).map((queue) => queue.close(5_000)));
    });

    it('runs a job with its data, attempt 1 and its jobId', async () => {
      const queue = await open();
      const name = jobName();
      const seen: [unknown, JobContext][] = [];
      queue.define<{ orderId: string }>(name, async (data, ctx) => {
        seen.push([data, ctx]);
      });
      await queue.start();
      expect(await queue.enqueue(name, { orderId: 'o-1', lines: [1, 2] }, { jobId: 'order-o-1' })).toBe(true);
      expect(await queue.enqueue(name, { orderId: 'o-2' })).toBe(true);
      await waitFor(() => seen.length === 2, 'both jobs');
      const byOrder = Object.fromEntries(
        seen.map(([data, ctx]) => [(data as { orderId: string }).orderId, [data, ctx]]),
      );
      expect(byOrder['o-1']).toEqual([
        { orderId: 'o-1', lines: [1, 2] },
        { attempt: 1, jobId: 'order-o-1' },
      ]);
      expect(byOrder['o-2']?.[1]).toMatchObject({ attempt: 1, jobId: expect.any(String) });
    });

    it('keeps jobs enqueued before start() until start()', async () => {
      const queue = await open();
      const name = jobName();
      let runs = 0;
      queue.define(name, async () => {
        runs++;
      });
      await queue.enqueue(name, {});
      await sleep(300);
      expect(runs).toBe(0);
      await queue.start();
      await waitFor(() => runs === 1, 'the job after start()');
    });

    it('runs a delayed job no sooner than its delay', async () => {
      const queue = await open();
      const name = jobName();
      let ranAt: number | undefined;
      queue.define(name, async () => {
        ranAt = Date.now();
      });
      await queue.start();
      const enqueuedAt = Date.now();
      await queue.enqueue(name, {}, { delayMs: 700 });
      await waitFor(() => ranAt !== undefined, 'the delayed job');
      expect(ranAt! - enqueuedAt).toBeGreaterThanOrEqual(700 - SLACK_MS);
    });

    it('retries a throwing handler with fixed backoff until it succeeds', async () => {
      const queue = await open();
      const name = jobName();
      const tries: { attempt: number; at: number }[] = [];
      queue.define(
        name,
        async (_data, { attempt }) => {
          tries.push({ attempt, at: Date.now() });
          if (attempt < 3) throw new Error(`try ${attempt} fails`);
        },
        { attempts: 5, backoff: { type: 'fixed', delayMs: 200 } },
      );
      await queue.start();
      await queue.enqueue(name, {}, { jobId: 'flaky' });
      await waitFor(() => tries.length === 3, 'three tries');
      await sleep(300);
      expect(tries.map((t) => t.attempt)).toEqual([1, 2, 3]);
      for (const gap of gaps(tries)) expect(gap).toBeGreaterThanOrEqual(200 - SLACK_MS);
    });

    it('doubles the wait with exponential backoff; enqueue options override the defaults', async () => {
      const queue = await open();
      const name = jobName();
      const tries: { attempt: number; at: number }[] = [];
      queue.define(
        name,
        async (_data, { attempt }) => {
          tries.push({ attempt, at: Date.now() });
          if (attempt < 3) throw new Error(`try ${attempt} fails`);
        },
        { attempts: 1 },
      );
      await queue.start();
      await queue.enqueue(name, {}, { attempts: 3, backoff: { type: 'exponential', delayMs: 150 } });
      await waitFor(() => tries.length === 3, 'three tries');
      expect(tries.map((t) => t.attempt)).toEqual([1, 2, 3]);
      const [first, second] = gaps(tries);
      expect(first).toBeGreaterThanOrEqual(150 - SLACK_MS);
      expect(second).toBeGreaterThanOrEqual(300 - SLACK_MS);
    });

    it('stops after the last attempt and reports the failure once', async () => {
      const failures: JobFailure[] = [];
      const queue = await open({ onFailed: (failure) => failures.push(failure) });
      const name = jobName();
      const attempts: number[] = [];
      queue.define(name, async (_data, { attempt }) => {
        attempts.push(attempt);
        throw new Error('boom');
      });
      await queue.start();
      await queue.enqueue(name, { n: 1 }, { jobId: 'doomed', attempts: 2, backoff: { type: 'fixed', delayMs: 50 } });
      await waitFor(() => failures.length === 1, 'the failure report');
      await sleep(400);
      expect(attempts).toEqual([1, 2]);
      expect(failures).toHaveLength(1);
      expect(failures[0]).toMatchObject({ name, jobId: 'doomed', data: { n: 1 }, attempts: 2 });
      expect((failures[0]!.error as Error).message).toBe('boom');
    });

    it('ignores a second enqueue of a jobId while the first is delayed', async () => {
      const queue = await open();
      const name = jobName();
      const seen: unknown[] = [];
      queue.define(name, async (data) => {
        seen.push(data);
      });
      await queue.start();
      expect(await queue.enqueue(name, { v: 1 }, { jobId: 'once', delayMs: 400 })).toBe(true);
      expect(await queue.enqueue(name, { v: 2 }, { jobId: 'once' })).toBe(false);
      await waitFor(() => seen.length === 1, 'the job');
      await sleep(300);
      expect(seen).toEqual([{ v: 1 }]);
    });

    it('scopes jobIds per job name', async () => {
      const queue = await open();
      const [a, b] = [jobName(), jobName()];
      const seen: string[] = [];
      queue.define(a, async () => void seen.push(a));
      queue.define(b, async () => void seen.push(b));
      expect(await queue.enqueue(a, {}, { jobId: 'same' })).toBe(true);
      expect(await queue.enqueue(b, {}, { jobId: 'same' })).toBe(true);
      await queue.start();
      await waitFor(() => seen.length === 2, 'both jobs');
      expect(seen.sort()).toEqual([a, b].sort());
    });

    it('ignores a jobId while its job runs, and accepts it again once it completed', async () => {
      const queue = await open();
      const name = jobName();
      const hold = gate();
      const seen: unknown[] = [];
      queue.define(name, async (data) => {
        seen.push(data);
        if (seen.length === 1) await hold.opened;
      });
      await queue.start();
      await queue.enqueue(name, { run: 1 }, { jobId: 'again' });
      await waitFor(() => seen.length === 1, 'the first run');
      expect(await queue.enqueue(name, { run: 'while active' }, { jobId: 'again' })).toBe(false);
      hold.release();
      // Completion is recorded just after the handler returns, so retry until the id is free.
      await waitFor(() => queue.enqueue(name, { run: 2 }, { jobId: 'again' }), 'the id to be free');
      await waitFor(() => seen.length === 2, 'the second run');
      expect(seen).toEqual([{ run: 1 }, { run: 2 }]);
    });

    it('accepts a jobId again once its job failed for good', async () => {
      const failures: JobFailure[] = [];
      const queue = await open({ onFailed: (failure) => failures.push(failure) });
      const name = jobName();
      const seen: unknown[] = [];
      queue.define(name, async (data) => {
        seen.push(data);
        if (seen.length === 1) throw new Error('first run fails');
      });
      await queue.start();
      await queue.enqueue(name, { run: 1 }, { jobId: 'retry-later' });
      await waitFor(() => failures.length === 1, 'the failure');
      await waitFor(() => queue.enqueue(name, { run: 2 }, { jobId: 'retry-later' }), 'the id to be free');
      await waitFor(() => seen.length === 2, 'the second run');
      expect(seen).toEqual([{ run: 1 }, { run: 2 }]);
    });

    it('closes gracefully: waits for a running handler to finish', async () => {
      const queue = await open();
      const name = jobName();
      let started = false;
      let finished = false;
      queue.define(name, async () => {
        started = true;
        await sleep(500);
        finished = true;
      });
      await queue.start();
      await queue.enqueue(name, {});
      await waitFor(() => started, 'the handler to start');
      await queue.close(10_000);
      expect(finished).toBe(true);
      await expect(queue.enqueue(name, {})).rejects.toThrow(/closed/);
    });

    it('stops waiting for a stuck handler after the close timeout', async () => {
      // A forced close makes the adapter complain (e.g. BullMQ cannot record the job any more).
      const queue = await open({ onError: () => {} });
      const name = jobName();
      const hold = gate();
      let started = false;
      queue.define(name, async () => {
        started = true;
        await hold.opened;
      });
      await queue.start();
      await queue.enqueue(name, {});
      await waitFor(() => started, 'the handler to start');
      await queue.close(300);
      hold.release();
    });

    it('refuses job names and jobIds the port does not allow', async () => {
      const queue = await open();
      await expect(queue.enqueue('a:b', {})).rejects.toThrow(/job name/);
      await expect(queue.enqueue(jobName(), {}, { jobId: '42' })).rejects.toThrow(/jobId/);
      await expect(queue.enqueue(jobName(), {}, { jobId: 'order:1' })).rejects.toThrow(/jobId/);
      expect(() => queue.define('', async () => {})).toThrow(/job name/);
    });

    it('reports its depth, the retries and the failures (the metrics)', async () => {
      const queue = await open({ onFailed: () => {}, onError: () => {} });
      const name = jobName();
      const running = gate();
      let started = 0;
      queue.define<{ fail: boolean }>(name, async ({ fail }) => {
        if (fail) throw new Error('always fails');
        started++;
        await running.opened;
      });
      await queue.start();
      await queue.enqueue(name, { fail: false }, { jobId: 'held' });
      await queue.enqueue(name, { fail: false }, { jobId: 'later', delayMs: 60_000 });
      await waitFor(() => started === 1, 'the held job to run');
      const stats = async () => (await queue.stats()).find((s) => s.name === name);
      expect(await stats()).toEqual({ name, waiting: 0, delayed: 1, active: 1, failed: 0, retried: 0 });
      running.release();
      await queue.enqueue(name, { fail: true }, { jobId: 'doomed', attempts: 3 });
      await waitFor(async () => (await stats())?.failed === 1, 'the failing job to use up its attempts');
      expect(await stats()).toMatchObject({ active: 0, delayed: 1, failed: 1, retried: 2 });
    });

    it('answers ping', async () => {
      const queue = await open();
      await expect(queue.ping()).resolves.toBeUndefined();
    });

    // In-process queues live in one process by design: there is no second handle to hand jobs to.
    it.skipIf(!handlesShareBackend)("runs a producer-only handle's jobs on another handle that started", async () => {
      const producer = await open();
      const worker = await open();
      const name = jobName();
      const ranOn: string[] = [];
      producer.define(name, async () => void ranOn.push('producer'));
      worker.define(name, async () => void ranOn.push('worker'));
      await worker.start();
      expect(await producer.enqueue(name, {}, { jobId: 'shared', delayMs: 300 })).toBe(true);
      expect(await worker.enqueue(name, {}, { jobId: 'shared' })).toBe(false);
      await waitFor(() => ranOn.length === 1, 'the job on the worker');
      await sleep(300);
      expect(ranOn).toEqual(['worker']);
    });
  });
}

function gaps(tries: { at: number }[]): number[] {
  return tries.slice(1).map((t, i) => t.at - tries[i]!.at);
}
