/** Business constants and limits of SPEC.md §9, shared by the web app and the server. */

/** Default brand; the server reads the real one from configuration (DESIGN.md: the brand is configuration). */
export const DEFAULT_PRODUCT_NAME = 'Sen';
export const DEFAULT_APP_CODE = 'senh5';
export const APP_VERSION = '1.0.0';

/** Mobile type default parameter: 1 for iOS, 2 for Android (the web app sends 2 unless on iOS). */
export const MOBILE_TYPE = { IOS: 1, ANDROID: 2 } as const;
export type MobileType = (typeof MOBILE_TYPE)[keyof typeof MOBILE_TYPE];

export const FACE_CHECK_REGION = 'vietnam';

/** Largest image accepted by an upload (ID photos, selfies, feedback pictures): 8 MB. */
export const IMAGE_UPLOAD_MAX_BYTES = 8 * 1024 * 1024;

/** Certification item state value meaning "done". */
export const AUTH_DONE = '30';
/** Every state value the server returns for a certification item. */
export const AUTH_STATE = { NOT_STARTED: '10', IN_REVIEW: '20', DONE: '30', FAILED: '40' } as const;
export type AuthStateValue = (typeof AUTH_STATE)[keyof typeof AUTH_STATE];

export const DAILY_INTEREST_RATES = [0.0003, 0.0004] as const;
export const PERSONAL_INFO_BOOST_MAX_VND = 2_000_000;
export const MIN_BORROWER_AGE = 18;

export const PHONE_LENGTHS = [9, 10] as const;
export const OTP_LENGTH = 4;
export const OPERATOR_OTP_LENGTHS = [4, 6] as const;
export const PASSWORD_MIN_LENGTH = 3;
export const PASSWORD_MAX_LENGTH = 20;
export const ID_NUMBER_LENGTHS = [9, 12] as const;

export const OTP_RESEND_SECONDS = 60;
export const REVIEW_RETRY_MS = 60_000;

export const TICKER_ENTRIES = 20;
export const TICKER_VISIBLE = 3;
export const TICKER_INTERVAL_MS = 2_000;
export const BANNER_HEIGHT_PX = 120;
export const LOADING_HOLD_MS = 300;
export const MODAL_ANIMATION_MS = 200;

export const REQUEST_TIMEOUT_MS = 1_000_000;
export const MIN_LOADING_SCREEN_MS = 1_000;
export const SECRET_POLL_MS = 50;
export const ATTRIBUTION_POLL_MS = 30;
export const ATTRIBUTION_WAIT_MS = 10_000;
export const AD_CLICK_UPLOAD_RETRY_MS = 9_999_999;
export const ATTRIBUTION_EVENT_WAIT_MS = 300;
export const POLL_DEFAULTS = { intervalMs: 50, totalMs: 10_000, attemptMs: 3_000 } as const;
export const AD_PUSH_MARK = 2;

/** Signed requests are accepted only when their timestamp is within this window of the server clock. */
export const SIGN_TIMESTAMP_WINDOW_MS = 5 * 60 * 1000;

/** Login placeholders the spec fixes (§9): no location is collected. */
export const LOGIN_PLACEHOLDER_COORDINATE = '0,0';

export const LANGUAGES = ['en', 'vn', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'vn';
/** Value of the `lang` request header for each interface language. */
export const LANG_HEADER: Record<Language, string> = { en: 'en_US', vn: 'vi_VN', zh: 'zh_CN' };
/** The Intl locale each interface language formats numbers and dates with. */
export const INTL_LOCALE: Record<Language, string> = { en: 'en-US', vn: 'vi-VN', zh: 'zh-CN' };

export function languageFromHeader(header: string | undefined): Language {
  const found = (Object.keys(LANG_HEADER) as Language[]).find((lang) => LANG_HEADER[lang] === header);
  return found ?? DEFAULT_LANGUAGE;
}

/** Version of the privacy policy text a consent refers to; bump when the text changes (2026-11-22: behaviour tracking and ad attribution, decision 066). */
export const PRIVACY_POLICY_VERSION = '2026-11-22';

/** Keys of the browser's persistent store. */
export const STORAGE_KEYS = {
  language: 'user-language',
  sign: 'sign-storage',
  session: 'session-storage',
  auth: 'auth-storage',
  deviceId: 'device-id',
  cache: 'app-cache',
} as const;
