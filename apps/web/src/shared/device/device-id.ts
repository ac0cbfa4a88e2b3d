import { STORAGE_KEYS } from '@sen/contract';
import { localStore } from '../storage/local-store.ts';

function randomUuid(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Older browsers without randomUUID still have getRandomValues.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The browser's random device id (SPEC.md §3), created once and kept under STORAGE_KEYS.deviceId. */
export function getDeviceId(): string {
  const stored = localStore.get(STORAGE_KEYS.deviceId);
  if (stored) return stored;
  const created = randomUuid();
  localStore.set(STORAGE_KEYS.deviceId, created);
  return created;
}
