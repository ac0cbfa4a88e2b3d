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

type RulesSet = {
  buckets: Array<{ code: string; minDays: number; maxDays: number | null }>;
  templates: Array<{ code: string; channel: string; bodyVn: string; bodyEn: string; approved: boolean }>;
  rules: Array<{ dayPastDue: number; template: string; active: boolean }>;
};

function keyedRules(set: RulesSet) {
  return {
    buckets: Object.fromEntries(set.buckets.map((bucket) => [bucket.code, `${bucket.minDays}–${bucket.maxDays ?? '∞'}`])),
    steps: Object.fromEntries(set.rules.map((rule) => [`day ${rule.dayPastDue} ${rule.template}`, rule.active ? 'active' : 'inactive'])),
    templates: Object.fromEntries(set.templates.map(({ code, ...template }) => [code, template])),
  };
}

/**
 * A collection rules change (decision 122) as one field per bucket, step and template field, so
 * the checker sees each change rather than two long lists; what the set drops shows as removed
 * (—), and a template it leaves out as withdrawn (approved false), which is what approving does.
 */
export function collectionRulesFields(before: unknown, payload: unknown): { before: Record<string, unknown> | null; after: Record<string, unknown> } {
  const proposed = payload as RulesSet;
  const old = before ? (before as RulesSet) : null;
  const named = new Set(proposed.templates.map((template) => template.code));
  const withdrawn = (old?.templates ?? []).filter((template) => !named.has(template.code)).map((template) => ({ ...template, approved: false }));
  const after = flatten(keyedRules({ ...proposed, templates: [...proposed.templates, ...withdrawn] }));
  const previous = old ? flatten(keyedRules(old)) : null;
  for (const field of Object.keys(previous ?? {})) if (!(field in after)) after[field] = null;
  return { before: previous, after };
}
