import { randomBytes } from 'node:crypto';
import { APP_VERSION, HEADERS, LANG_HEADER, type Envelope, type Language } from '@sen/contract';
import { DEFAULT_PARAMS, type ApiResponse, type TestApp } from './test-app.ts';

export interface MultipartFile {
  data: Buffer;
  filename?: string;
  contentType?: string;
}

/**
 * A multipart POST as the web app sends it (FormData): the default params and text fields as
 * parts, signed over the text fields like a JSON body; files as file parts.
 */
export async function postMultipart<T = unknown>(
  t: TestApp,
  url: string,
  options: { token?: string; fields?: Record<string, string>; files?: Record<string, MultipartFile>; lang?: Language; sign?: string; headers?: Record<string, string> },
): Promise<ApiResponse<T>> {
  const boundary = `----sen${randomBytes(8).toString('hex')}`;
  const fields: Record<string, string> = { ...Object.fromEntries(Object.entries(DEFAULT_PARAMS).map(([key, value]) => [key, String(value)])), ...options.fields };
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, file] of Object.entries(options.files ?? {})) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.filename ?? 'photo.jpg'}"\r\nContent-Type: ${file.contentType ?? 'image/jpeg'}\r\n\r\n`),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const timestamp = t.clock.now().getTime();
  const headers: Record<string, string> = {
    'content-type': `multipart/form-data; boundary=${boundary}`,
    [HEADERS.appVersion]: APP_VERSION,
    timestamp: String(timestamp),
    sign: options.sign ?? t.sign(fields, timestamp),
  };
  if (options.token) {
    headers.authorization = options.token;
    const device = t.deviceOfToken(options.token);
    if (device) headers['device-id'] = device;
  }
  if (options.lang) headers.lang = LANG_HEADER[options.lang];
  Object.assign(headers, options.headers);
  const response = await t.app.inject({ method: 'POST', url, headers, payload: Buffer.concat(parts), remoteAddress: '10.9.9.9' });
  let envelope = null as unknown as Envelope<T>;
  try {
    envelope = response.json() as Envelope<T>;
  } catch {
    // not JSON
  }
  return Object.assign(response, { envelope });
}
