/** JSON for the outbox: bigints and dates keep their type through a jsonb column. */
export function toOutboxJson(payload: unknown): unknown {
  return JSON.parse(
    JSON.stringify(payload, function replacer(this: Record<string, unknown>, key: string, value: unknown) {
      const raw = this[key];
      if (typeof raw === 'bigint') return { $bigint: raw.toString() };
      if (raw instanceof Date) return { $date: raw.toISOString() };
      return value;
    }),
  );
}

export function fromOutboxJson<T>(stored: unknown): T {
  return JSON.parse(JSON.stringify(stored), (_key, value: unknown) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const keys = Object.keys(value);
      if (keys.length === 1 && keys[0] === '$bigint') return BigInt((value as { $bigint: string }).$bigint);
      if (keys.length === 1 && keys[0] === '$date') return new Date((value as { $date: string }).$date);
    }
    return value;
  }) as T;
}
