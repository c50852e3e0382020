import type { AuditAction, AuditActorType, AuditEntityType } from './constants';

// The audit API's answers (GET /api/admin/audit), as the server sends them (zod-free).

/** A field's value before or after a change: text, a number, a flag, a list (features, prices) or nothing. */
export type AuditValue = string | number | boolean | null | string[];

/** One field an entry changed. Secrets never appear: a password change has no fields. */
export interface AuditChange {
  field: string;
  before: AuditValue;
  after: AuditValue;
}

export interface AuditEntry {
  /** The event's id. */
  id: string;
  /** When it happened (ISO). */
  at: string;
  actor: {
    type: AuditActorType;
    /** An admin's id; `shopper`, `system`, or the payment provider's name otherwise. */
    id: string;
    /**
     * The admin's name when they acted, the provider's name for a payment, `command line`
     * (AUDIT_COMMAND_LINE) for the system run by an operator there; null when unknown.
     */
    name: string | null;
  };
  action: AuditAction;
  entity: {
    type: AuditEntityType;
    id: string;
    /** What people call it: a product's or category's name, an order's number (#1042), a username. */
    label: string;
    /**
     * The entity's version once this change was made (its ETag then): a product's or category's
     * history restores one of these.
     */
    version: number;
  };
  /** For creations the initial values (before null), for updates what changed; empty otherwise. */
  changes: AuditChange[];
  /** The request that caused it (one admin action may write several entries). */
  correlationId: string;
  /**
   * For a restore (`product.restored`, `category.restored`): the version of the entity it brought
   * back (one of its earlier `entity.version`s). Absent for every other action.
   */
  restoredVersion?: number;
}

/** `GET /api/admin/audit`: newest first; `nextCursor` fetches the next (older) page, null at the end. */
export interface AuditPage {
  entries: AuditEntry[];
  nextCursor: string | null;
}

/** The filters both the list and the CSV take. */
export interface AuditFilter {
  entityType?: AuditEntityType;
  entityId?: string;
  /** An admin's id or a payment provider's name, or `admin`, `shopper`, `payment`, `system` for every actor of that kind. */
  actor?: string;
  action?: AuditAction;
  /** Inclusive, ISO (a date alone means from the start of that day, UTC). */
  from?: string;
  /** Inclusive (a date alone means up to the end of that day, UTC). */
  to?: string;
  q?: string;
}
