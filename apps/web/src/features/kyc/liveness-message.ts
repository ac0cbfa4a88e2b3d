/** What the liveness page posts to the app (decision 041). */
export interface LivenessMessage {
  bizNo: string;
  result: string;
  passed: boolean;
}

/**
 * Accepts a message event only when it comes from the liveness frame itself (`source`), from the
 * origin of its verifyUrl (`origin`), for the current session, with the expected shape. Anything
 * else — another window, another origin, another session, a forged shape — is ignored (null).
 * The server still verifies the result's signature: this only keeps strangers' messages out.
 */
export function acceptLivenessMessage(
  event: Pick<MessageEvent, 'origin' | 'source' | 'data'>,
  expected: { origin: string; source: MessageEventSource | null; bizNo: string },
): LivenessMessage | { bizNo: string; error: string } | null {
  if (event.origin !== expected.origin || !expected.source || event.source !== expected.source) return null;
  const data = event.data as { type?: unknown; bizNo?: unknown; result?: unknown; passed?: unknown; error?: unknown } | null;
  if (!data || typeof data !== 'object' || data.type !== 'sen-liveness' || data.bizNo !== expected.bizNo) return null;
  if (typeof data.error === 'string') return { bizNo: expected.bizNo, error: data.error };
  if (typeof data.result !== 'string' || typeof data.passed !== 'boolean' || data.result.length > 4096) return null;
  return { bizNo: expected.bizNo, result: data.result, passed: data.passed };
}

/** The origin of a verifyUrl (relative URLs are ours). */
export function originOf(verifyUrl: string, base: string = window.location.href): string {
  return new URL(verifyUrl, base).origin;
}
