import type { Kysely } from 'kysely';
import { loadSnapshot, readCatalogueVersion, type CatalogueSnapshot } from './snapshot';

/** How stale a shopper's answer may be on an instance that does not run the catalogue projection. */
const SHOPPER_MAX_AGE_MS = 1000;

/**
 * This instance's in-memory copy of the catalogue read model.
 *
 * The projection runs on one instance only, so each instance must learn of changes by itself:
 * - the instance running the projection checks right after each batch commits (`fresh`);
 * - every instance compares the one-row `catalogue_version` with its copy before answering a
 *   shopper, at most once a second (`current`): one indexed read a second, whatever the traffic,
 *   and no message that could be lost (Redis may be down; a database we need anyway);
 * - admin reads and the answers to admin writes check it every time (`fresh`), so an admin always
 *   sees their own change, whichever instance answers.
 * Checks and loads run one after another, so a newer copy is never replaced by an older one.
 */
export class LiveCatalogue {
  private snapshot: CatalogueSnapshot | undefined;
  private checkedAt = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private shopperCheck: Promise<CatalogueSnapshot> | undefined;

  constructor(private readonly db: Kysely<any>) {}

  /** The copy, when it was checked less than a second ago: the hot path, without a promise. */
  peek(): CatalogueSnapshot | undefined {
    return Date.now() - this.checkedAt < SHOPPER_MAX_AGE_MS ? this.snapshot : undefined;
  }

  /** For shoppers: the copy, checked against the database at most once a second. */
  current(): Promise<CatalogueSnapshot> {
    const recent = this.peek();
    if (recent) return Promise.resolve(recent);
    this.shopperCheck ??= this.fresh()
      .catch((error: unknown) => {
        // The database is away: shoppers keep browsing the last copy, checked again in a second.
        if (!this.snapshot) throw error;
        this.checkedAt = Date.now();
        return this.snapshot;
      })
      .finally(() => (this.shopperCheck = undefined));
    return this.shopperCheck;
  }

  /** Checked now: reloaded when the read model changed since the copy was made. */
  fresh(): Promise<CatalogueSnapshot> {
    return this.serially(async () => {
      const version = await readCatalogueVersion(this.db);
      if (this.snapshot?.version !== version) this.snapshot = await loadSnapshot(this.db);
      this.checkedAt = Date.now();
      return this.snapshot;
    });
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => {});
    return run;
  }
}
