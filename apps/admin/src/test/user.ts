import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';

/**
 * The operator's mouse and keyboard in component tests: no delay between keys, and no
 * `pointer-events` check. That check reads the computed style of the target and every ancestor on
 * each pointer action, and jsdom computes a style by matching every rule of antd's stylesheets: it
 * was a quarter of the back office's test time. The back office never disables a control with
 * `pointer-events: none` (antd's disabled buttons and inputs carry `disabled`, which user-event
 * still respects).
 */
export function setupUser() {
  return userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
}
