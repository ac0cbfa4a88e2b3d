import { APP_VERSION, type DefaultParams } from '@sen/contract';
import { APP_CODE } from '../config/app-config.ts';
import { currentUserAgent, mobileTypeOf } from '../device/user-agent.ts';

/** appCode, version and mobileType, sent with every call unless skipDefaultParams (SPEC.md §7). */
export function defaultParams(): DefaultParams {
  return { appCode: APP_CODE, version: APP_VERSION, mobileType: mobileTypeOf(currentUserAgent()) };
}
