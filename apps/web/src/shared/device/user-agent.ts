import { MOBILE_TYPE, detectRegClient, type MobileType } from '@sen/contract';

export function currentUserAgent(): string {
  return typeof navigator === 'undefined' ? '' : navigator.userAgent;
}

/** The mobileType default parameter: 1 on iOS, else 2 (SPEC.md §1). */
export function mobileTypeOf(userAgent: string): MobileType {
  return detectRegClient(userAgent) === 'IOS' ? MOBILE_TYPE.IOS : MOBILE_TYPE.ANDROID;
}

export interface PhoneModel {
  phoneBrand: string | null;
  phoneModel: string | null;
}

const KNOWN_BRANDS: [RegExp, string][] = [
  [/^SM-|Samsung/i, 'Samsung'],
  [/^Redmi|^Mi |^M\d{4}|Xiaomi|POCO/i, 'Xiaomi'],
  [/^CPH|OPPO/i, 'OPPO'],
  [/^RMX|realme/i, 'realme'],
  [/^V\d{4}|vivo/i, 'vivo'],
  [/^Pixel/i, 'Google'],
  [/Nokia/i, 'Nokia'],
  [/^ASUS/i, 'ASUS'],
  [/Vsmart/i, 'Vsmart'],
  [/^(?:HUAWEI|[A-Z]{3}-[A-Z]{1,2}\d{2})/i, 'Huawei'],
];

/** Best-effort brand and model from a user agent; null when the agent does not tell. */
export function parsePhoneModel(userAgent: string): PhoneModel {
  const apple = /\((iPhone|iPad|iPod)/i.exec(userAgent);
  if (apple) return { phoneBrand: 'Apple', phoneModel: apple[1] ?? null };
  const android = /Android [\d.]+;\s*(?:[a-z]{2}[-_][a-z]{2};\s*)?([^;)]+?)(?:\s+Build\/[^;)]*)?[;)]/i.exec(userAgent);
  const model = android?.[1]?.trim();
  if (!model || model === 'K' || /^wv$/i.test(model)) return { phoneBrand: null, phoneModel: null };
  const brand = KNOWN_BRANDS.find(([pattern]) => pattern.test(model))?.[1] ?? null;
  return { phoneBrand: brand, phoneModel: model };
}
