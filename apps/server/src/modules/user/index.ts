import type { FastifyInstance } from 'fastify';
import { globalPlugin } from '../../shared/plugin.ts';
import { UserRepository } from './user.repository.ts';
import { registerUserRoutes } from './user.routes.ts';
import { UserService } from './user.service.ts';

export type { UserRow } from './user.repository.ts';
export type { UserService } from './user.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The user module's public service (accounts, device records, consents). */
    users: UserService;
  }
}

/** Borrowers' accounts, their device records and privacy consents. */
export const userModule = globalPlugin('sen-user', async (app: FastifyInstance) => {
  const users = new UserService(new UserRepository(app.infra.database.uow), app.infra.clock);
  app.decorate('users', users);
  registerUserRoutes(app, users);

  // The account lifecycle (issue 13): the phone of a closed account is freed at once; device
  // records go after the retention period; consents stay. The user's export sections.
  app.accountLifecycle.onClosed('users', (userId, closedAt) => users.tombstone(userId, closedAt));
  app.accountLifecycle.addEraser('devices', (userId) => users.erasePersonalData(userId));
  app.dataExport.addSection('profile', (userId) => users.exportProfile(userId));
  app.dataExport.addSection('devices', (userId) => users.exportDevices(userId));
  app.dataExport.addSection('consents', (userId) => users.consentHistory(userId));
});
