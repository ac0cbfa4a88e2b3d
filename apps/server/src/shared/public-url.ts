import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/** This server's public origin: PUBLIC_BASE_URL, else the request's own (links in answers and pages). */
export function publicBaseUrl(config: Pick<Config, 'ekyc'>, request: FastifyRequest): string {
  return config.ekyc.publicBaseUrl ?? `${request.protocol}://${request.host}`;
}
