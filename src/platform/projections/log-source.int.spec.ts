import { sql } from 'kysely';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { adminToken } from '../../../test/support/admin';
import { startTestApp } from '../../../test/support/app';
import { createProduct } from '../../../test/support/catalogue';
import { freshDatabase } from '../../../test/support/database';
import { formatPosition } from '../eventstore/port';
import { eventStoreEngine } from './log-source';

// Checkpoints are positions in one event store's log: a store that finds its read models built from
// another engine's log rebuilds them from its own before any projection runs.

describe('the log the checkpoints belong to', () => {
  it('names PostgreSQL, or the EventStoreDB server by its address', () => {
    expect(eventStoreEngine(undefined)).toBe('postgresql');
    expect(eventStoreEngine('esdb://kurrentdb:2113?tls=false')).toBe('eventstoredb kurrentdb:2113');
    expect(eventStoreEngine('kurrentdb+discover://a.example:2113')).toBe('eventstoredb a.example:2113');
  });

  it('is recorded at the first start, and read models built from another are rebuilt from this one', async () => {
    const database = await freshDatabase({ migrate: false });
    const first = await startTestApp({ databaseUrl: database.url });
    await createProduct(first.url, await adminToken(first.url), 'Gold', [['1 month', 2000]]);
    await first.runner.waitFor(await first.infra.store.headPosition());
    const engine = await sql<{ engine: string }>`SELECT engine FROM projection_log_source`.execute(first.infra.db);
    expect(engine.rows).toEqual([{ engine: 'postgresql' }]);
    const products = (await request(first.url).get('/products').expect(200)).body;
    const head = formatPosition(await first.infra.store.headPosition());
    await first.close();

    // As if they had been built from an EventStoreDB server: its positions mean nothing here.
    await sql`UPDATE projection_log_source SET engine = 'eventstoredb elsewhere:2113'`.execute(database.db);
    await sql`UPDATE projection_checkpoints SET position_commit = 987654321, position_prepare = 987654321`.execute(
      database.db,
    );
    await sql`DELETE FROM catalogue_products`.execute(database.db);

    const second = await startTestApp({ databaseUrl: database.url });
    expect((await request(second.url).get('/products').expect(200)).body).toEqual(products);
    const checkpoints = await sql<{ name: string; at: string }>`
      SELECT name, position_commit || '/' || position_prepare AS at FROM projection_checkpoints`.execute(
      second.infra.db,
    );
    for (const checkpoint of checkpoints.rows) expect(checkpoint.at, checkpoint.name).toBe(head);
    const recorded = await sql<{ engine: string }>`SELECT engine FROM projection_log_source`.execute(second.infra.db);
    expect(recorded.rows).toEqual([{ engine: 'postgresql' }]);
  });
});
