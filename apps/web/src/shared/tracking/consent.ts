import { PRIVACY_POLICY_VERSION } from '@sen/contract';
import { localStore } from '../storage/local-store.ts';

/** Where the browser keeps the privacy-policy choice (decision 066). */
export const CONSENT_STORAGE_KEY = 'privacy-consent';

export interface StoredConsent {
  /** The policy version the choice was made on; a new version needs a new choice. */
  version: string;
  agreed: boolean;
  /** 'choice': Agree or Reject on the policy page; 'login': signed in under "By logging in you agree". */
  via: 'choice' | 'login';
  at: number;
}

const listeners = new Set<() => void>();

export function readConsent(): StoredConsent | null {
  const text = localStore.get(CONSENT_STORAGE_KEY);
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as Partial<StoredConsent>;
    if (parsed.version !== PRIVACY_POLICY_VERSION || typeof parsed.agreed !== 'boolean') return null;
    return { version: parsed.version, agreed: parsed.agreed, via: parsed.via === 'login' ? 'login' : 'choice', at: Number(parsed.at) || 0 };
  } catch {
    return null;
  }
}

/** Tracking runs only after an agreement on the current policy version; nothing before the choice, nothing after Reject. */
export function trackingAllowed(): boolean {
  return readConsent()?.agreed === true;
}

function write(consent: StoredConsent): void {
  localStore.set(CONSENT_STORAGE_KEY, JSON.stringify(consent));
  for (const listener of listeners) listener();
}

/** Agree or Reject on the policy page: always wins, and replaces any earlier choice. */
export function recordConsentChoice(agreed: boolean): void {
  write({ version: PRIVACY_POLICY_VERSION, agreed, via: 'choice', at: Date.now() });
}

/**
 * A sign-in counts as agreement ("By logging in you agree to the Privacy Policy") only when no
 * choice was made on this version: an explicit Reject stays until the user agrees on the page.
 */
export function recordLoginConsent(): void {
  if (readConsent()) return;
  write({ version: PRIVACY_POLICY_VERSION, agreed: true, via: 'login', at: Date.now() });
}

/** Called after every change of the stored choice. */
export function onConsentChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
