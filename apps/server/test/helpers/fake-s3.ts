import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignatureV4 } from '@smithy/signature-v4';

function toBytes(data: string | ArrayBuffer | ArrayBufferView): string | Uint8Array {
  if (typeof data === 'string') return data;
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

/** sha256 in the shape @smithy's signer wants (node:crypto; HMAC when given a secret). */
class NodeSha256 {
  private readonly hash;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret ? createHmac('sha256', toBytes(secret)) : createHash('sha256');
  }
  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.hash.update(toBytes(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
}

export interface FakeS3 {
  url: string;
  objects: Map<string, { data: Buffer; contentType: string | undefined; headers: Record<string, string | string[] | undefined> }>;
  /** Every request: method, path and whether its SigV4 signature verified. */
  requests: { method: string; path: string; signatureValid: boolean }[];
  close(): Promise<void>;
}

/**
 * A tiny S3-compatible server on 127.0.0.1 (path style: /bucket/key) for the S3 adapter's tests:
 * PutObject, GetObject (NoSuchKey 404 XML), DeleteObject. It checks every request's AWS SigV4
 * signature by re-signing it with the expected credentials over the headers the client says it
 * signed, and refuses a bad one with 403 SignatureDoesNotMatch, as S3 does. No network.
 */
export async function startFakeS3(options: { bucket: string; accessKeyId: string; secretAccessKey: string; region: string }): Promise<FakeS3> {
  const objects: FakeS3['objects'] = new Map();
  const requests: FakeS3['requests'] = [];
  const signer = new SignatureV4({
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    region: options.region,
    service: 's3',
    sha256: NodeSha256,
    uriEscapePath: false,
    applyChecksum: true,
  });

  async function readBody(request: IncomingMessage): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async function signatureValid(request: IncomingMessage, url: URL): Promise<boolean> {
    const authorization = request.headers.authorization ?? '';
    const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(authorization);
    if (!match || match[1] !== options.accessKeyId || match[3] !== options.region) return false;
    const signedHeaders = match[4]!.split(';');
    const headers: Record<string, string> = {};
    for (const name of signedHeaders) {
      const value = request.headers[name];
      if (value === undefined) return false;
      headers[name] = Array.isArray(value) ? value.join(',') : value;
    }
    const amzDate = headers['x-amz-date'] ?? '';
    const signingDate = new Date(`${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`);
    const query: Record<string, string> = {};
    url.searchParams.forEach((value, key) => (query[key] = value));
    const resigned = await signer.sign(
      { method: request.method ?? 'GET', protocol: 'http:', hostname: url.hostname, port: Number(url.port), path: url.pathname, query, headers } as never,
      { signingDate, signableHeaders: new Set(signedHeaders) },
    );
    const expected = /Signature=([0-9a-f]{64})/.exec(String((resigned as { headers: Record<string, string> }).headers.authorization))?.[1];
    return expected === match[5];
  }

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
      const body = await readBody(request);
      const valid = await signatureValid(request, url);
      requests.push({ method: request.method ?? '', path: url.pathname, signatureValid: valid });
      const xmlError = (status: number, code: string) => {
        response.writeHead(status, { 'content-type': 'application/xml' });
        response.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message><RequestId>fake</RequestId></Error>`);
      };
      if (!valid) return xmlError(403, 'SignatureDoesNotMatch');
      const [, bucket, ...rest] = url.pathname.split('/');
      const key = decodeURIComponent(rest.join('/'));
      if (bucket !== options.bucket) return xmlError(404, 'NoSuchBucket');
      if (request.method === 'PUT') {
        objects.set(key, { data: body, contentType: request.headers['content-type'], headers: request.headers });
        response.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
        return response.end();
      }
      if (request.method === 'GET') {
        const object = objects.get(key);
        if (!object) return xmlError(404, 'NoSuchKey');
        response.writeHead(200, { 'content-type': object.contentType ?? 'application/octet-stream', 'content-length': object.data.length });
        return response.end(object.data);
      }
      if (request.method === 'DELETE') {
        objects.delete(key);
        response.writeHead(204);
        return response.end();
      }
      return xmlError(405, 'MethodNotAllowed');
    })().catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
