// The audit module (who did what to which resource, when and from where): what other modules and
// the composition root may use. Anything not listed here is internal to the module.
export { auditRoutes } from './audit.routes.js';
export { auditInsertSql, createAuditLogService, recordAudit } from './audit.service.js';
export type { AuditActor, AuditEvent, AuditLogService } from './audit.service.js';
