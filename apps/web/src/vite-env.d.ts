/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The app code sent with every request (SPEC.md §9: '{product}h5'); default DEFAULT_APP_CODE. */
  readonly VITE_APP_CODE?: string;
  /** Product name shown on the splash; default DEFAULT_PRODUCT_NAME. */
  readonly VITE_PRODUCT_NAME?: string;
  /** Adjust app token (SPEC.md §9); unset: no ad attribution and nothing waits for it. */
  readonly VITE_ADJUST_APP_TOKEN?: string;
  /** Where client logs go (survey format); default the server's /api/log/track. */
  readonly VITE_LOG_ENDPOINT?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** True in development and tests: answers are checked against their response schema (see shared/request/call-endpoint.ts). */
declare const __SEN_CHECK_RESPONSES__: boolean;
