import pg from 'pg';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { POSTGRES_CONTAINER, REDIS_CONTAINER, dockerEngineAnswers, startContainer } from './services';

// The test services' container fallback (testcontainers): run wherever a Docker engine answers,
// skipped elsewhere (this development machine has none).
const docker = await dockerEngineAnswers();
const stops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const stop of stops) await stop();
});

describe.runIf(docker)('test services in containers', () => {
  it('starts a PostgreSQL that takes connections', async () => {
    const container = (await startContainer(POSTGRES_CONTAINER))!;
    stops.push(container.stop);
    const client = new pg.Client({ connectionString: `postgres://postgres@${container.address}/postgres` });
    await client.connect();
    expect((await client.query<{ one: number }>('SELECT 1 AS one')).rows[0]?.one).toBe(1);
    await client.end();
  }, 180_000);

  it('starts a Redis that answers PING', async () => {
    const container = (await startContainer(REDIS_CONTAINER))!;
    stops.push(container.stop);
    const client = new Redis(`redis://${container.address}`);
    expect(await client.ping()).toBe('PONG');
    client.disconnect();
  }, 180_000);
});

describe.skipIf(docker)('without a Docker engine', () => {
  it('starts no container, so the next fallback is used', async () => {
    expect(await startContainer(REDIS_CONTAINER)).toBeUndefined();
  });
});
