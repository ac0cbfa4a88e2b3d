import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeFptEkyc {
  url: string;
  /** What the next face match answers. */
  faceMatch: { isMatch: boolean; similarity: number };
  /** What the ID reader answers (errorCode 0 with this card, or another errorCode). */
  idCard: { errorCode: number; data: Record<string, string>[] };
  /** Answer every call with this HTTP status instead (the vendor is down). */
  failWith: number | null;
  calls: { path: string; apiKey: string | undefined; parts: string[]; json: Record<string, unknown> | null }[];
  close(): Promise<void>;
}

/** The names of the form-data parts of a multipart body, with a check that each file part is an image. */
function partsOf(body: Buffer, contentType: string): string[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  if (!boundary) return [];
  const marker = `--${boundary[1] ?? boundary[2]}`;
  return body
    .toString('latin1')
    .split(marker)
    .slice(1, -1)
    .map((part) => {
      const name = /name="([^"]+)"/.exec(part)?.[1] ?? '?';
      const data = part.slice(part.indexOf('\r\n\r\n') + 4);
      const isJpeg = data.charCodeAt(0) === 0xff && data.charCodeAt(1) === 0xd8;
      return /filename=/.test(part) ? `${name}:${isJpeg ? 'jpeg' : 'not-jpeg'}` : name;
    });
}

/**
 * A local fake of an FPT.AI-style eKYC API on 127.0.0.1 (no network): the ID reader
 * (/vision/idr/vnm), face match (/dmp/checkface/v1) and the web liveness session
 * (/ekyc/web/v1/session), answering in the vendor's shapes and refusing a wrong api-key with 401.
 */
export async function startFakeFptEkyc(apiKey: string): Promise<FakeFptEkyc> {
  const fake: Omit<FakeFptEkyc, 'url' | 'close'> = {
    faceMatch: { isMatch: true, similarity: 93.4 },
    idCard: { errorCode: 0, data: [{ id: '001099012345', name: 'NGUYỄN VĂN AN', dob: '15/08/1995', sex: 'NAM', address: 'Số 1 Tràng Tiền, Hoàn Kiếm, Hà Nội', home: 'Hà Nội' }] },
    failWith: null,
    calls: [],
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const contentType = request.headers['content-type'] ?? '';
      const json = contentType.includes('application/json') ? (JSON.parse(body.toString()) as Record<string, unknown>) : null;
      const key = request.headers['api-key'];
      fake.calls.push({ path: request.url ?? '', apiKey: typeof key === 'string' ? key : undefined, parts: partsOf(body, contentType), json });
      const answer = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (fake.failWith) return answer(fake.failWith, { message: 'down' });
      if (key !== apiKey) return answer(401, { errorCode: 401, errorMessage: 'Invalid API key' });
      if (request.method === 'POST' && request.url === '/vision/idr/vnm') {
        const parts = partsOf(body, contentType);
        if (!parts.includes('image:jpeg')) return answer(200, { errorCode: 7, errorMessage: 'Invalid image file', data: [] });
        return answer(200, { ...fake.idCard, errorMessage: '' });
      }
      if (request.method === 'POST' && request.url === '/dmp/checkface/v1') {
        const parts = partsOf(body, contentType);
        if (parts.filter((part) => part === 'file[]:jpeg').length !== 2) return answer(200, { code: '407', message: 'Two images are required' });
        return answer(200, { code: '200', message: 'request successful.', data: { ...fake.faceMatch, isBothImgIDCard: false } });
      }
      if (request.method === 'POST' && request.url === '/ekyc/web/v1/session') {
        if (typeof json?.request_id !== 'string' || typeof json.callback_url !== 'string') return answer(400, { message: 'bad request' });
        return answer(200, { session_id: `fpt-${json.request_id.slice(0, 8)}`, verify_url: `https://ekyc.vendor.test/verify/${json.request_id}` });
      }
      return answer(404, { message: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as FakeFptEkyc;
}
