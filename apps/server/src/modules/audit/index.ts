import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { globalPlugin } from '../../shared/plugin.ts';
import { AuditRepository } from './audit.repository.ts';
import { AuditService } from './audit.service.ts';

export type { AuditService, RequestOrigin, SecurityEvent, SecurityEventType } from './audit.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The audit module's public service: append a security event. */
    audit: AuditService;
  }
}

/** The append-only log of security events (docs/decisions/034). */
export const auditModule = globalPlugin('sen-audit', async (app: FastifyInstance) => {
  const { database, clock, secrets } = app.infra;
  // Derived from the OTP pepper (a server secret) rather than equal to it: one key, one purpose.
  const phoneKey = createHash('sha256').update(`audit-phone:${secrets.otpPepper}`).digest('hex');
  app.decorate('audit', new AuditService(new AuditRepository(database.db), clock, phoneKey));
});
