import { randomInt } from 'node:crypto';
import { ADMIN_BROWSER_COOKIE, ADMIN_CSRF_HEADER, ADMIN_PATHS, ADMIN_SESSION_COOKIE, type Envelope, type OperatorRole, type OperatorView, type ProductInput } from '@sen/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import type { Composition } from '../../src/compose.ts';

/** A password that satisfies the operators' rule (≥ 12 characters). */
export const OPERATOR_TEST_PASSWORD = 'correct horse battery';

export type AdminResponse<T = unknown> = LightMyRequestResponse & { envelope: Envelope<T> };

interface AdminHost {
  app: FastifyInstance;
  services: Composition['services'];
  clock: { now: () => Date };
}

/** One browser of the back office: its cookies (browser id, session), user agent and the CSRF header on every call. */
export class AdminBrowser {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly host: AdminHost,
    readonly userAgent = `test-browser-${randomInt(0, 1_000_000_000)}`,
    readonly ip = `10.9.${randomInt(0, 256)}.${randomInt(1, 255)}`,
  ) {}

  async call<T = unknown>(
    method: 'GET' | 'POST',
    url: string,
    input: Record<string, unknown> = {},
    options: { csrf?: boolean; headers?: Record<string, string>; body?: Buffer } = {},
  ): Promise<AdminResponse<T>> {
    const headers: Record<string, string> = { 'user-agent': this.userAgent, lang: 'en_US', ...options.headers };
    if (options.csrf !== false) headers[ADMIN_CSRF_HEADER] = '1';
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await this.host.app.inject({
      method,
      url,
      headers,
      remoteAddress: this.ip,
      ...(method === 'GET' ? { query: Object.fromEntries(Object.entries(input).map(([key, value]) => [key, String(value)])) } : { payload: options.body ?? input }),
    });
    for (const cookie of [response.headers['set-cookie'] ?? []].flat()) {
      const [pair, ...attributes] = String(cookie).split(';');
      const [name, value] = pair!.split('=');
      if (attributes.some((attribute) => attribute.trim() === 'Max-Age=0')) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value!.trim());
    }
    let envelope = null as unknown as Envelope<T>;
    try {
      envelope = response.json() as Envelope<T>;
    } catch {
      // a CSV export
    }
    return Object.assign(response, { envelope });
  }

  get<T = unknown>(url: string, query?: Record<string, unknown>, options?: { csrf?: boolean }) {
    return this.call<T>('GET', url, query, options);
  }

  post<T = unknown>(url: string, body?: Record<string, unknown>, options?: { csrf?: boolean }) {
    return this.call<T>('POST', url, body, options);
  }

  /** A multipart POST as the back office's browser sends a FormData: text fields, then files. */
  upload<T = unknown>(url: string, fields: Record<string, string>, files: Record<string, { data: Buffer; filename: string; contentType: string }>) {
    const boundary = `----senadmin${randomInt(0, 1_000_000_000)}`;
    const parts: Buffer[] = [];
    for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    for (const [name, file] of Object.entries(files)) {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`), file.data, Buffer.from('\r\n'));
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return this.call<T>('POST', url, {}, { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body: Buffer.concat(parts) });
  }

  /** The authenticator's code for `secret` at the test clock's now (or `at`). */
  totp(secret: string, at = this.host.clock.now()): Promise<string> {
    return generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
  }

  get hasSession(): boolean {
    return this.cookies.has(ADMIN_SESSION_COOKIE) && this.cookies.has(ADMIN_BROWSER_COOKIE);
  }
}

/** A signed-in operator: their browser, their profile and their TOTP secret. */
export interface OperatorSession {
  browser: AdminBrowser;
  operator: OperatorView;
  secret: string;
  email: string;
  password: string;
}

/**
 * A new operator of `role`, invited from the command line, who accepts the invitation, enrols TOTP
 * and signs in through the API, exactly as a person would in the back office.
 */
export async function signInNewOperator(host: AdminHost, role: OperatorRole, email = `${role}-${randomInt(0, 1_000_000_000)}@sen.test`): Promise<OperatorSession> {
  const invited = await host.services.operators.inviteFromCommandLine({ email, name: `Test ${role}`, role });
  const browser = new AdminBrowser(host);
  const accepted = await browser.post<{ pendingToken: string }>(ADMIN_PATHS.acceptInvitation, { token: invited.token, password: OPERATOR_TEST_PASSWORD });
  if (accepted.envelope?.code !== 200) throw new Error(`invitation refused: ${accepted.body}`);
  const enrolment = await browser.post<{ secret: string }>(ADMIN_PATHS.enrol, { pendingToken: accepted.envelope.data.pendingToken });
  if (enrolment.envelope?.code !== 200) throw new Error(`enrolment refused: ${enrolment.body}`);
  const { secret } = enrolment.envelope.data;
  const signedIn = await browser.post<{ operator: OperatorView }>(ADMIN_PATHS.signInTotp, { pendingToken: accepted.envelope.data.pendingToken, code: await browser.totp(secret) });
  if (signedIn.envelope?.code !== 200) throw new Error(`TOTP refused: ${signedIn.body}`);
  return { browser, operator: signedIn.envelope.data.operator, secret, email, password: OPERATOR_TEST_PASSWORD };
}

/**
 * A maker (finance) and a checker (admin) who get a product change applied through four eyes:
 * propose, then approve. Answers the failing response when either step refuses, else the
 * approval's response with `json().data` = the applied product (as the old operator upsert answered).
 * Signs in again when a session ended (tests move the clock).
 */
export function productChanger(signIn: (role: OperatorRole) => Promise<OperatorSession>) {
  let pair: { maker: OperatorSession; checker: OperatorSession } | null = null;
  const sessions = async (fresh: boolean) => {
    if (!pair || fresh) pair = { maker: await signIn('finance'), checker: await signIn('admin') };
    return pair;
  };
  return async function changeProduct(product: Record<string, unknown>, retried = false): Promise<AdminResponse & { json: () => { code: number; data: unknown } }> {
    const { maker, checker } = await sessions(false);
    const proposed = await maker.browser.post<{ proposal: { id: number } }>(ADMIN_PATHS.productPropose, { product });
    if (proposed.statusCode === 401 && !retried) {
      await sessions(true);
      return changeProduct(product, true);
    }
    if (proposed.envelope?.code !== 200) return Object.assign(proposed, { json: () => proposed.envelope });
    const approved = await checker.browser.post<{ proposal: { result: unknown } }>(ADMIN_PATHS.proposalApprove, { proposalId: proposed.envelope.data.proposal.id });
    return Object.assign(approved, { json: () => ({ ...approved.envelope, data: approved.envelope?.data?.proposal?.result ?? null }) });
  };
}

/** A valid loan product, inactive, under a fresh code; `change` overrides any field. */
export const testProduct = (change: Partial<ProductInput> = {}): ProductInput => ({
  code: `p-${Math.random().toString(36).slice(2, 10)}`,
  name: 'Test',
  minAmount: 1_000_000,
  maxAmount: 5_000_000,
  termDays: 30,
  planNums: [1],
  dailyRatePpm: 400,
  serviceFeePpm: 10_000,
  overdueDailyRatePpm: 600,
  active: false,
  ...change,
});
