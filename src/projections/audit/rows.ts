import { column, type Column, type RowOf } from '../../platform/projections/columns';
import type { AuditAction, AuditActorType, AuditChange, AuditEntityType } from '../../shared/audit';
import type { EntityState } from './state';

// The audit read model's tables (migration 014), declared once: what the projection writes, what
// the queries read.

/** Positions are numeric(20) (as the checkpoints keep them); pg reads them back as text. */
const position = (): Column<string> => ({ sql: 'numeric' });
const nullableInteger = (): Column<number | null> => ({ sql: 'integer' });

export const AUDIT_ENTRY_COLUMNS = {
  /** The event's id. */
  id: column.text(),
  /** The event's place in the log: the list's order (newest first) and its cursor. */
  position_commit: position(),
  position_prepare: position(),
  occurred_at: column.timestamptz(),
  actor_type: column.text<AuditActorType>(),
  /** An admin's id, `shopper`, `system`, or the payment provider's name. */
  actor_id: column.text(),
  actor_name: column.nullableText(),
  action: column.text<AuditAction>(),
  entity_type: column.text<AuditEntityType>(),
  entity_id: column.text(),
  entity_label: column.text(),
  /** The entity's version once this change was made: the event's revision in its stream. */
  entity_version: column.integer(),
  /** For a restore (product.restored, category.restored): the version it brought back; null otherwise (migration 016). */
  restored_version: nullableInteger(),
  changes: column.jsonb<AuditChange[]>(),
  correlation_id: column.text(),
};

export type AuditEntryRow = RowOf<typeof AUDIT_ENTRY_COLUMNS>;

/**
 * What the projection remembers of each entity between batches, to tell what an update changed
 * and who an admin was: its own table, so a rebuild builds it again from the log like the entries.
 */
export const AUDIT_ENTITY_COLUMNS = {
  /** `<entity type>:<id>`, or `meta:<name>` for the projection's own counters. */
  key: column.text(),
  state: column.jsonb<EntityState>(),
};

export type AuditEntityRow = RowOf<typeof AUDIT_ENTITY_COLUMNS>;

export interface AuditTables {
  audit_entries: AuditEntryRow;
  audit_entities: AuditEntityRow;
}
