import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { globalPlugin } from '../shared/plugin.ts';

/**
 * Compresses responses (brotli, else gzip) for clients that accept it: API JSON and any static
 * file without a precompressed twin. The web build's own .br/.gz files are sent as they are by
 * the static plugin (they already carry content-encoding, so nothing is compressed twice).
 * Registered before the routes, so its hook applies to every one of them.
 */
export const compressPlugin = globalPlugin('sen-compress', async (app: FastifyInstance) => {
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
});
