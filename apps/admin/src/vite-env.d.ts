/// <reference types="vite/client" />

/** True in development and tests: answers are checked against the contract's response schemas. */
declare const __SEN_CHECK_RESPONSES__: boolean;
