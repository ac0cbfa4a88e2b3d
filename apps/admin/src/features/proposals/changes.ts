/** One line of a before/after comparison. */
export interface ChangeRow {
  field: string;
  before: string;
  after: string;
  changed: boolean;
}

function display(value: unknown): string {
  if (value === undefined) return '';
  if (value === null) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** Nested objects as 'a.b' paths; arrays stay whole values (a list of plan choices reads as one). */
export function flatten(value: unknown, prefix = ''): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return prefix ? { [prefix]: value } : {};
  const entries: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) Object.assign(entries, flatten(inner, prefix ? `${prefix}.${key}` : key));
  return entries;
}

/**
 * What a proposal changes, field by field, changed fields first: every field of what is proposed,
 * beside what it was; fields only the old record has (ids, timestamps) are left out. With nothing
 * before (a new item) there is nothing to compare, so no field is marked.
 */
export function changeRows(before: unknown, after: unknown): ChangeRow[] {
  const comparable = before !== null && before !== undefined;
  const old = flatten(before);
  const proposed = flatten(after);
  const rows = Object.keys(proposed).map((field) => {
    const wasThere = field in old;
    const beforeText = wasThere ? display(old[field]) : '';
    const afterText = display(proposed[field]);
    return { field, before: beforeText, after: afterText, changed: comparable && (!wasThere || beforeText !== afterText) };
  });
  return [...rows.filter((row) => row.changed), ...rows.filter((row) => !row.changed)];
}

/** A product change's payload is `{ product, reason? }` or the product itself: the product either way. */
export function proposedItem(payload: unknown): unknown {
  if (payload && typeof payload === 'object' && 'product' in payload) return (payload as { product: unknown }).product;
  return payload;
}
