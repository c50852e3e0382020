// The audit read model: the only file others import.
export { AUDIT_PROJECTION, auditProjection } from './projection';
export { allAudit, decodeCursor, listAudit, toAuditEntry } from './queries';
export type { AuditEntityRow, AuditEntryRow, AuditTables } from './rows';
