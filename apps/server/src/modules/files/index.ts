import { endpoints } from '@sen/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error.ts';
import { globalPlugin } from '../../shared/plugin.ts';
import type { SenRouteFlags } from '../../types.ts';
import { FileLinks } from './file-links.ts';
import { FilesRepository } from './files.repository.ts';
import { FilesService } from './files.service.ts';

export type { FilesService } from './files.service.ts';
export type { StoredFileRow } from './files.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stored files: store a checked image for a user, make owner-only links, serve to the owner. */
    files: FilesService;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Stored files (docs/decisions/040-uploads-and-storage.md). GET /api/user/app/file/:fileId
 * answers the bytes of an uploaded image to its owner only: with the owner's session, or with an
 * owner-only link (expires + sig) that kyc/info hands out. Not a signed family call (an `<img>`
 * cannot sign); anything else, including another user's file, is the 404 envelope.
 */
export const filesModule = globalPlugin('sen-files', async (app: FastifyInstance) => {
  const links = new FileLinks(app.infra.secrets.otpPepper, app.infra.config.storage.linkTtlSeconds);
  const files = new FilesService(new FilesRepository(app.infra.database.uow), app.infra.storage, links, app.infra.clock);
  app.decorate('files', files);
  // The borrower's data export lists every stored file without its bytes (issue 13).
  app.dataExport.addSection('files', (userId) => files.exportFor(userId));

  // Registered by hand: the answer is the file's bytes, not an envelope (registerEndpoint's job).
  const endpoint = endpoints.userFile;
  const flags: SenRouteFlags = { signed: endpoint.signed, auth: endpoint.session, endpointId: endpoint.id };
  app.get<{ Params: { fileId: string }; Querystring: { expires?: string; sig?: string } }>(
    endpoint.path,
    { config: { sen: flags } },
    async (request, reply) => {
      const { fileId } = request.params;
      if (!UUID.test(fileId)) throw new AppError('NOT_FOUND');
      const file = await files.readForCaller(fileId, request.session?.userId ?? null, request.query ?? {});
      if (!file) throw new AppError('NOT_FOUND');
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline')
        .header('cross-origin-resource-policy', 'same-origin')
        .send(file.data);
    },
  );
});
