/** The response envelope every /api call answers with (SPEC.md §3, §8). */
export interface Envelope<T = unknown> {
  /** 200 on success; otherwise an error code of the catalogue. */
  code: number;
  /** Human-readable, localised by the request's `lang` header. */
  message: string;
  data: T;
}

export const SUCCESS_CODE = 200;

export function isEnvelope(value: unknown): value is Envelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Envelope).code === 'number' &&
    typeof (value as Envelope).message === 'string' &&
    'data' in value
  );
}
