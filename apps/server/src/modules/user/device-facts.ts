/**
 * What Sen keeps of the family's risk-data upload (userDevice/save): facts about the device's
 * model, system and network, never identifiers or anything about the person (DESIGN.md: no album,
 * SMS, call-log, contacts or location harvesting). Each uploaded value is a stringified JSON
 * object; only its top-level keys on the allow-list with short scalar values survive.
 */
const KEPT_KEYS: Record<'hardware' | 'system' | 'network', ReadonlySet<string>> = {
  hardware: new Set(['model', 'brand', 'manufacturer', 'product', 'device', 'board', 'cpuAbi', 'cpuCores', 'totalRam', 'totalStorage', 'screenWidth', 'screenHeight', 'screenDensity']),
  system: new Set(['release', 'sdkInt', 'osVersion', 'osName', 'language', 'timeZone', 'isRooted', 'isEmulator', 'bootTime', 'uptime']),
  network: new Set(['type', 'networkType', 'operator', 'carrier', 'simCountry', 'isVpn', 'isProxy']),
};

const MAX_VALUE_LENGTH = 128;

/** The allow-listed facts of one uploaded value, as compact JSON ('{}' when nothing usable). */
export function keptFacts(kind: keyof typeof KEPT_KEYS, uploaded: string | undefined): string {
  if (!uploaded) return '{}';
  let parsed: unknown;
  try {
    parsed = JSON.parse(uploaded);
  } catch {
    return '{}';
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return '{}';
  const kept: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (!KEPT_KEYS[kind].has(key)) continue;
    if (typeof value === 'number' || typeof value === 'boolean') kept[key] = value;
    else if (typeof value === 'string') kept[key] = value.slice(0, MAX_VALUE_LENGTH);
  }
  return JSON.stringify(kept);
}
