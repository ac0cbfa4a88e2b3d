import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { API_PATHS } from './paths.ts';

/**
 * An uploaded image, served to its owner only (docs/decisions/040-uploads-and-storage.md): with
 * the owner's session, or with the owner-only link (`expires`, `sig`) that kyc/info answers. Not
 * signed (an `<img>` cannot sign); every refusal, another user's file included, is 404.
 */
export const userFileEndpoint = defineEndpoint({
  id: 'getUserFile',
  method: 'GET',
  path: API_PATHS.userFile,
  summary: "An uploaded image (JPEG bytes), for its owner only: the owner's session or an owner-only link from kyc/info.",
  module: 'files',
  request: z.object({
    expires: z.string().optional().describe('Link expiry (unix seconds), part of an owner-only link'),
    sig: z.string().optional().describe('Link signature, part of an owner-only link'),
  }),
  response: z.null(),
  binaryResponse: 'image/jpeg',
  signed: false,
  session: 'optional',
  errors: ['NOT_FOUND'],
});
