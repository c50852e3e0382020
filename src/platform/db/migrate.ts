import { Migrator, type Kysely, type MigrationProvider } from 'kysely';
import { migrations } from '../../../migrations';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; kysely's migrator takes a lock, so concurrent instances are safe. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(
      `Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
