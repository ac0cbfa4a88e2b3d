import { endpoints } from '@sen/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error.ts';
import type { Composition } from '../../compose.ts';
import type { SenRouteFlags } from '../../types.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Stored files (docs/decisions/040-uploads-and-storage.md). GET /api/user/app/file/:fileId
 * answers the bytes of an uploaded image to its owner only: with the owner's session, or with an
 * owner-only link (expires + sig) that kyc/info hands out. Not a signed family call (an `<img>`
 * cannot sign); anything else, including another user's file, is the 404 envelope.
 */
export function registerFilesRoutes(app: FastifyInstance, { services: { files } }: Composition): void {

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
}
