import { md5 } from 'js-md5';

/**
 * Request signing (SPEC.md §5), one implementation for the browser and the server.
 *
 * payload  = JSON body for a JSON post, query parameters for a get, form fields (files and blobs
 *            removed) for a multipart post
 * canonical = JSON of the payload with object keys sorted recursively and undefined as null
 * sign     = lowercase md5( md5(appCode) *|* secret *|* canonical *|* timestampMs )
 */
export const SIGN_SEPARATOR = '*|*';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * Deepest payload the canonical form accepts. The server refuses JSON nested deeper than 32 levels
 * before signing is checked; this guard keeps a stack overflow out of reach for any other caller.
 */
export const MAX_CANONICAL_DEPTH = 64;

/** Copies `value` with every object's keys in sorted order and every undefined turned into null. */
export function sortKeysDeep(value: unknown, depth = 0): Json {
  if (depth > MAX_CANONICAL_DEPTH) throw new RangeError(`Payload nested deeper than ${MAX_CANONICAL_DEPTH} levels`);
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.map((item) => sortKeysDeep(item, depth + 1));
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    // Object.fromEntries defines own properties, so a '__proto__' key (legal in parsed JSON) is kept
    // as data rather than silently replacing the copy's prototype and vanishing from the sign.
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeysDeep((value as Record<string, unknown>)[key], depth + 1)]),
    ) as { [key: string]: Json };
  }
  if (typeof value === 'bigint') return value.toString();
  return value as Json;
}

export function canonicalPayload(payload: unknown): string {
  return JSON.stringify(sortKeysDeep(payload ?? {}));
}

export interface SignInput {
  appCode: string;
  secret: string;
  payload: unknown;
  /** Milliseconds since the epoch, as sent in the `timestamp` header. */
  timestamp: number | string;
}

/** md5 of each app code seen: a server checks one app code on every request (issue 21: done once, not per call). */
const appCodeDigests = new Map<string, string>();

/** md5hex(appCode), the first part of every signing string, worked out once per app code. */
export function appCodeDigest(appCode: string): string {
  let digest = appCodeDigests.get(appCode);
  if (digest === undefined) {
    digest = md5(appCode);
    // A client can send any app code it likes; keep the memo from growing with them.
    if (appCodeDigests.size < 16) appCodeDigests.set(appCode, digest);
  }
  return digest;
}

export function signingString({ appCode, secret, payload, timestamp }: SignInput): string {
  return [appCodeDigest(appCode), secret, canonicalPayload(payload), String(timestamp)].join(SIGN_SEPARATOR);
}

export function computeSign(input: SignInput): string {
  return md5(signingString(input)).toLowerCase();
}

/** Constant-time comparison of two hex signatures. */
export function signsEqual(expected: string, received: string): boolean {
  if (expected.length !== received.length) return false;
  let difference = 0;
  for (let index = 0; index < expected.length; index += 1) {
    difference |= expected.charCodeAt(index) ^ received.charCodeAt(index);
  }
  return difference === 0;
}

/**
 * The password as the client sends it: lowercase md5 of the text typed, so the plain password
 * never crosses the wire or reaches a log. The server hashes this again with argon2id.
 */
export function transformPassword(plain: string): string {
  return md5(plain).toLowerCase();
}

export { md5 };
