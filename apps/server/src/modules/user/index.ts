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
});
