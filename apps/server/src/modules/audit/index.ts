export type { AuditService, RequestOrigin, SecurityEvent, SecurityEventType } from './audit.service.ts';
