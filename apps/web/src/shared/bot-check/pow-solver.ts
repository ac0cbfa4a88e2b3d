import type { AltchaChallenge } from '@sen/contract';

/** Digests between yields to the event loop, so the page stays responsive while solving. */
const BATCH = 500;

function hex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Solves an ALTCHA (v1) proof-of-work challenge without any visible puzzle: finds the number n
 * ≤ maxnumber with sha256(salt + n) = challenge, and answers the base64 payload login/sms takes
 * in its `altcha` field (docs/decisions/036). Null when no number fits (a challenge not ours).
 */
export async function solveAltchaChallenge(challenge: AltchaChallenge, signal?: AbortSignal): Promise<string | null> {
  const encoder = new TextEncoder();
  for (let number = 0; number <= challenge.maxnumber; number += 1) {
    const digest = hex(await crypto.subtle.digest('SHA-256', encoder.encode(challenge.salt + number)));
    if (digest === challenge.challenge) {
      const payload = { algorithm: challenge.algorithm, challenge: challenge.challenge, number, salt: challenge.salt, signature: challenge.signature };
      return btoa(JSON.stringify(payload));
    }
    if (number % BATCH === BATCH - 1) {
      if (signal?.aborted) return null;
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  }
  return null;
}
