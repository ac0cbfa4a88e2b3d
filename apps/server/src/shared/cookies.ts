import type { FastifyRequest } from 'fastify';

/** The value of one cookie of the request (the first of that name), or null. */
export function readCookie(request: Pick<FastifyRequest, 'headers'>, name: string): string | null {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return null;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    return /^[A-Za-z0-9_-]{1,200}$/.test(value) ? value : null;
  }
  return null;
}

export interface CookieOptions {
  path: string;
  /** Seconds; 0 deletes the cookie; absent: a browser-session cookie. */
  maxAge?: number;
  secure: boolean;
}

/** A Set-Cookie value: HttpOnly and SameSite=Strict always (what the back office's cookies need). */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${value}`, `Path=${options.path}`, 'HttpOnly', 'SameSite=Strict'];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${options.maxAge}`);
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}
