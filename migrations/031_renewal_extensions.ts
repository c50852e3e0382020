import { sql, type Kysely } from 'kysely';

// Renewals extended on the operator's provisioning service (docs/product.md#automatic-delivery): per
// paid renewal, when the service confirmed the new end (AutomaticExtensionSucceeded), or why it
// last gave up until an administrator retries (AutomaticExtensionFailed, AutomaticExtensionRetried).
// No earlier event sets them, so existing rows rightly hold null (not extended there, no failure)
// and the subscriptions read model keeps its rows and its checkpoint.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE subscription_renewals
      ADD COLUMN extended_at timestamptz,
      ADD COLUMN extension_failure text,
      ADD COLUMN extension_failed_at timestamptz`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE subscription_renewals
      DROP COLUMN extension_failed_at,
      DROP COLUMN extension_failure,
      DROP COLUMN extended_at`.execute(db);
}
