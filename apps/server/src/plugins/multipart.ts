import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { globalPlugin } from '../shared/plugin.ts';
import type { UploadedFile } from '../types.ts';

interface MultipartEntry {
  type: 'field' | 'file';
  fieldname: string;
  value?: unknown;
  filename?: string;
  mimetype?: string;
  _buf?: Buffer | null;
}

/**
 * Multipart forms (SPEC.md §7 form-upload variant). After parsing, request.body holds only the
 * text fields as plain values (what the client signs and what the route schema validates),
 * request.wireFields the same fields in body order (the natives' sign readings) and
 * request.uploadedFiles holds the files, already read into memory within the limits below; only
 * registerEndpoint reads them, checking them against the endpoint's fileParts (decision 088).
 */
const UPLOADED = Symbol('uploadedFiles');

export const multipartPlugin = globalPlugin('sen-multipart', async (app: FastifyInstance) => {
  await app.register(multipart, {
    attachFieldsToBody: true,
    limits: { fileSize: 10 * 1024 * 1024, files: 5, fields: 100, fieldSize: 64 * 1024, parts: 110 },
  });
  // An empty list made on first use, so requests without files run no hook for it (issue 21).
  app.decorateRequest('uploadedFiles', {
    getter(this: FastifyRequest & { [UPLOADED]?: UploadedFile[] }) {
      this[UPLOADED] ??= [];
      return this[UPLOADED];
    },
  });
  app.addHook('preValidation', async (request) => {
    if (!request.isMultipart() || !request.body || typeof request.body !== 'object') return;
    const fields: Record<string, string | string[]> = {};
    for (const [name, raw] of Object.entries(request.body as Record<string, MultipartEntry | MultipartEntry[]>)) {
      const entries = Array.isArray(raw) ? raw : [raw];
      const values: string[] = [];
      for (const entry of entries) {
        if (entry.type === 'file') {
          request.uploadedFiles.push({
            fieldname: entry.fieldname,
            filename: entry.filename ?? '',
            mimetype: entry.mimetype ?? 'application/octet-stream',
            data: entry._buf ?? Buffer.alloc(0),
          });
        } else {
          values.push(String(entry.value ?? ''));
          request.wireFields.push([name, String(entry.value ?? '')]);
        }
      }
      if (values.length === 1) fields[name] = values[0] as string;
      else if (values.length > 1) fields[name] = values;
    }
    request.body = fields;
  });
});
