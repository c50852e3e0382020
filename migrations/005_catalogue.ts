import { sql, type Kysely } from 'kysely';

// Read model of the storefront catalogue (projection catalogue). No foreign keys: a projection
// applies events as they come and a rebuild copies the tables one by one.
// Every catalogue item has its image renditions, its version (stream revision) and its times.
const ITEM_COLUMNS = sql.raw(`
  featured_image text,
  thumbnail_image text,
  version integer NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL`);

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE catalogue_categories (
      id text PRIMARY KEY,
      name text NOT NULL,
      slug text NOT NULL,
      description text NOT NULL,
      ${ITEM_COLUMNS}
    )`.execute(db);
  await sql`
    CREATE TABLE catalogue_products (
      id text PRIMARY KEY,
      category_id text NOT NULL,
      name text NOT NULL,
      description text NOT NULL,
      channels integer NOT NULL,
      quality text NOT NULL,
      devices integer NOT NULL,
      popular boolean NOT NULL,
      vod boolean NOT NULL,
      active boolean NOT NULL,
      features jsonb NOT NULL,
      price_durations jsonb NOT NULL,
      ${ITEM_COLUMNS}
    )`.execute(db);
  await sql`CREATE INDEX catalogue_products_category ON catalogue_products (category_id)`.execute(db);
  // One row: changes with every batch that touched the catalogue, so each app instance can tell
  // cheaply whether its in-memory copy is still current.
  await sql`
    CREATE TABLE catalogue_version (
      id text PRIMARY KEY,
      version text NOT NULL,
      changed_at timestamptz NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE catalogue_version, catalogue_products, catalogue_categories`.execute(db);
}
