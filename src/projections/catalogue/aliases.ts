import { sql } from 'kysely';
import type { Write } from '../../platform/projections/projection';

// A category's old slugs (docs/product.md#category-addresses), folded from the slug streams: a slug
// its category released (renamed, or restored to another name) stays an alias of that category; a
// slug claimed again, by any category, is a current slug, which always wins, so it is an alias no
// more; a deleted category takes its aliases with it.
//
// Released, not kept reserved: a slug is the address of a name, and a new category given that name
// should get that address (with a reserved slug it would get `name-2`, while the old one only
// redirects). Its old owner's shared links then open the new owner, as the address now names it.

/** One batch's changes to the aliases, applied after the categories' own (write them first). */
export class AliasFolder {
  /** Slug → the category it is an alias of; null: no longer an alias. Only the last change per slug counts. */
  private readonly bySlug = new Map<string, string | null>();
  private readonly deleted = new Set<string>();

  released(slug: string, categoryId: string): void {
    // Deleting a category releases its slug after the deletion: it leaves no alias behind.
    if (slug && !this.deleted.has(categoryId)) this.bySlug.set(slug, categoryId);
  }

  claimed(slug: string): void {
    this.bySlug.set(slug, null);
  }

  categoryDeleted(categoryId: string): void {
    this.deleted.add(categoryId);
    for (const [slug, owner] of this.bySlug) if (owner === categoryId) this.bySlug.set(slug, null);
  }

  /**
   * Drops the slugs claimed again, adds the released ones whose category is still there (its
   * deletion may have come in an earlier batch, its slug released in this one), drops the
   * deleted categories' aliases.
   */
  write(): Write {
    const dropped = [...this.bySlug].filter(([, owner]) => owner === null).map(([slug]) => slug);
    const added = [...this.bySlug].flatMap(([slug, categoryId]) =>
      categoryId ? [{ slug, category_id: categoryId }] : [],
    );
    const deleted = [...this.deleted];
    return async ({ db }) => {
      if (dropped.length) await sql`DELETE FROM catalogue_category_aliases WHERE slug = ANY(${dropped})`.execute(db);
      if (added.length) {
        await sql`
          INSERT INTO catalogue_category_aliases (slug, category_id)
          SELECT r.slug, r.category_id FROM jsonb_to_recordset(${JSON.stringify(added)}::jsonb) AS r(slug text, category_id text)
          WHERE EXISTS (SELECT 1 FROM catalogue_categories c WHERE c.id = r.category_id)
          ON CONFLICT (slug) DO UPDATE SET category_id = EXCLUDED.category_id`.execute(db);
      }
      if (deleted.length) {
        await sql`DELETE FROM catalogue_category_aliases WHERE category_id = ANY(${deleted})`.execute(db);
      }
    };
  }
}
