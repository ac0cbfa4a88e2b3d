import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Envelope } from '@sen/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/*
 * Request builders that put requests on the wire exactly as each client of the app family does
 * (API-FAMILY.md §1, read from their code). They sign with their own small implementation of each
 * client's signer, written here from the clients' code and independent of the contract's
 * family-signing.ts, so the suite checks the server against the clients, not against itself.
 *
 *   VT   Android, Retrofit + Gson: Gson's default HTML-escaping body in field-declaration order,
 *        `Content-Encoding: gzip` on an uncompressed body, `User-Agent: Android`, lang en_US, no
 *        app-version; mobileType "2". Signs the Gson re-serialisation (sorted, compact, nulls
 *        omitted, no HTML escaping), then strips with the regex as Android's ICU compiles it
 *        (every astral character, U+E000..U+FFFF and '-') and hashes Java's UTF-8.
 *   KMP  iOS, Ktor + kotlinx: pretty-printed body (4-space indent), mobileType "1",
 *        `User-Agent: IOS`, lang vi_VN. Signs the compact sorted text; strips at UTF-16 level.
 *   H5   browser: compact JSON, `app-version: 1.0.0`, `platform: h5`, lang vi_VN, mobileType "1".
 *        Signs JSON.stringify of the sorted body (our web app's reading), nothing stripped.
 */

export type ClientName = 'VT' | 'KMP' | 'H5';
type Fields = Record<string, string | number | boolean | number[] | null | undefined>;

const md5 = (data: string) => createHash('md5').update(Buffer.from(data, 'utf8')).digest('hex');

/** Compact JSON with keys sorted by UTF-16 code units at every depth (TreeMap order); nulls dropped when asked. */
function sortedJson(value: unknown, dropNulls: boolean): string {
  if (Array.isArray(value)) return `[${value.map((item) => sortedJson(item, dropNulls)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value)
      .filter(([, member]) => member !== undefined && !(dropNulls && member === null))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, member]) => `${JSON.stringify(key)}:${sortedJson(member, dropNulls)}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Gson's default writer: compact, field order, nulls omitted, HTML-sensitive characters escaped. */
export function gsonHtmlEscaped(fields: Record<string, unknown>): string {
  const compact = JSON.stringify(Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null && value !== undefined)));
  const html: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '=': '\\u003d', "'": '\\u0027' };
  return compact.replace(/[<>&=']/g, (char) => html[char] as string);
}

/** kotlinx.serialization with prettyPrint: 4-space indent, `"key": value`. */
export function kotlinxPretty(fields: Record<string, unknown>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null && value !== undefined)), null, 4);
}

/** [\uD83C-\uDBFF\uDC00-\uDFFF]+ as Java's Pattern and ICU compile it (checked with OpenJDK 17 and ICU 72). */
const stripAndroid = (raw: string) => raw.replace(/[\u{D83C}-\u{10FC00}-]+/gu, '');
// eslint-disable-next-line no-misleading-character-class -- code units on purpose
const stripUtf16 = (raw: string) => raw.replace(/[\uD83C-\uDBFF\uDC00-\uDFFF]+/g, '');

export interface FamilyClientOptions {
  app: FastifyInstance;
  appCode: string;
  /** Now, in ms: the `timestamp` header. */
  now: () => number;
}

export interface FamilyResponse<T = unknown> {
  response: LightMyRequestResponse;
  envelope: Envelope<T>;
}

/** One client of the family talking to the app: keeps its secret and token like the real one. */
export class FamilyClient {
  secret = '';
  token: string | null = null;
  /** Headers of the last request sent (to check what went on the wire). */
  lastHeaders: Record<string, string> = {};
  readonly mobileType: string;

  /** Each client is one phone on its own network address, as in the field. */
  private readonly remoteAddress = `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

  constructor(
    readonly name: ClientName,
    private readonly options: FamilyClientOptions,
    /** The app's versionName (`version` param; the H5 also sends it as app-version). */
    readonly version = '1.0.0',
  ) {
    this.mobileType = name === 'VT' ? '2' : '1';
  }

  /** The default params as the client's ApiRequest/ParamBean declares them (field order kept). */
  defaults(): Fields {
    return { version: this.version, mobileType: this.mobileType, appCode: this.options.appCode };
  }

  private sign(canonical: string, timestamp: string): string {
    const raw = `${md5(this.options.appCode)}*|*${this.secret}*|*${canonical}*|*${timestamp}`;
    if (this.name === 'VT') return md5(stripAndroid(raw));
    if (this.name === 'KMP') return md5(stripUtf16(raw));
    return md5(raw);
  }

  private headers(timestamp: string, sign: string): Record<string, string> {
    const headers: Record<string, string> = { timestamp, sign };
    if (this.name === 'VT') Object.assign(headers, { 'content-encoding': 'gzip', 'user-agent': 'Android', lang: 'en_US', 'x-firebase-appcheck': 'eyJhbGciOiJub25lIn0.e30.' });
    if (this.name === 'KMP') Object.assign(headers, { 'content-encoding': 'gzip', 'user-agent': 'IOS', lang: 'vi_VN' });
    if (this.name === 'H5') Object.assign(headers, { 'app-version': this.version, platform: 'h5', lang: 'vi_VN', accept: 'application/json, text/plain, */*' });
    if (this.token) headers.authorization = this.token;
    return headers;
  }

  private async send<T>(request: { headers: Record<string, string> } & Record<string, unknown>): Promise<FamilyResponse<T>> {
    this.lastHeaders = request.headers;
    const response = await this.options.app.inject({ remoteAddress: this.remoteAddress, ...request } as never);
    let envelope = null as unknown as Envelope<T>;
    try {
      envelope = response.json() as Envelope<T>;
    } catch {
      // not JSON; envelope stays null and the test's expectation on it fails
    }
    if (envelope?.code === 409) await this.fetchSecret(); // what every client does on 409
    return { response, envelope };
  }

  /** GET common/secret: the natives sign it with the empty secret they hold before it; the server does not check. */
  async fetchSecret(): Promise<FamilyResponse<{ verifySignSecret: string }>> {
    const timestamp = String(this.options.now());
    const query = { appCode: this.options.appCode, version: this.version, mobileType: this.mobileType };
    const saved = this.secret;
    this.secret = '';
    const sign = this.sign(sortedJson(query, false), timestamp);
    this.secret = saved;
    const response = await this.options.app.inject({ method: 'GET', url: '/api/user/app/common/secret', query, headers: this.headers(timestamp, sign), remoteAddress: this.remoteAddress });
    const envelope = response.json() as Envelope<{ verifySignSecret: string }>;
    if (envelope.code === 200) this.secret = envelope.data.verifySignSecret;
    return { response, envelope };
  }

  /** A JSON POST built and signed as this client does. `fields` come after the default params. */
  /** JSON bodies may nest lists and objects (bank/bind/v2's relativesInfoVOList). */
  async post<T = unknown>(url: string, fields: Record<string, unknown> = {}): Promise<FamilyResponse<T>> {
    const body = { ...this.defaults(), ...fields };
    const timestamp = String(this.options.now());
    let wire: string;
    let canonical: string;
    if (this.name === 'VT') {
      wire = gsonHtmlEscaped(body);
      canonical = sortedJson(JSON.parse(wire), true);
    } else if (this.name === 'KMP') {
      wire = kotlinxPretty(body);
      canonical = sortedJson(JSON.parse(wire), false);
    } else {
      wire = JSON.stringify(body);
      canonical = sortedJson(JSON.parse(wire), false);
    }
    const contentType = this.name === 'VT' ? 'application/json; charset=utf-8' : 'application/json';
    return this.send<T>({ method: 'POST', url, payload: wire, headers: { ...this.headers(timestamp, this.sign(canonical, timestamp)), 'content-type': contentType } });
  }

  /** A GET as the natives send it (default params in the query, signed over them); the H5 signs the query. */
  async get<T = unknown>(url: string): Promise<FamilyResponse<T>> {
    const query = { appCode: this.options.appCode, version: this.version, mobileType: this.mobileType };
    const timestamp = String(this.options.now());
    return this.send<T>({ method: 'GET', url, query, headers: this.headers(timestamp, this.sign(sortedJson(query, false), timestamp)) });
  }

  /**
   * A multipart POST as VT builds it: default params and fields as text parts (blank ones too),
   * files with filename=; signed over the non-blank text parts other than eventFile, as strings.
   */
  async postMultipart<T = unknown>(url: string, text: Record<string, string>, files: Record<string, Buffer>): Promise<FamilyResponse<T>> {
    const boundary = `family-${randomBytes(8).toString('hex')}`;
    const parts: Buffer[] = [];
    const all = { ...(this.defaults() as Record<string, string>), ...text };
    for (const [name, value] of Object.entries(all)) {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\nContent-Length: ${Buffer.byteLength(value)}\r\n\r\n${value}\r\n`));
    }
    for (const [name, data] of Object.entries(files)) {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`), data, Buffer.from('\r\n'));
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    const signed = Object.fromEntries(Object.entries(all).filter(([name, value]) => value.trim() !== '' && name !== 'eventFile' && (this.name !== 'KMP' || name !== 'image')));
    const timestamp = String(this.options.now());
    return this.send<T>({
      method: 'POST',
      url,
      payload: Buffer.concat(parts),
      headers: { ...this.headers(timestamp, this.sign(sortedJson(signed, true), timestamp)), 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  }

  /** A form-urlencoded POST as VT's FormBody sends it (only bank/repay/list uses one); signed over every field. */
  async postForm<T = unknown>(url: string, fields: Record<string, string> = {}): Promise<FamilyResponse<T>> {
    const all = { ...(this.defaults() as Record<string, string>), ...fields };
    const timestamp = String(this.options.now());
    return this.send<T>({
      method: 'POST',
      url,
      payload: new URLSearchParams(all).toString(),
      headers: { ...this.headers(timestamp, this.sign(sortedJson(all, true), timestamp)), 'content-type': 'application/x-www-form-urlencoded' },
    });
  }
}
