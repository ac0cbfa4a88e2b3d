import { auditFilterSchema } from '@sen/contract';
import type { z } from 'zod';

export type AuditFilters = z.input<typeof auditFilterSchema>;

const FILTER_KEYS = ['actor', 'action', 'targetType', 'targetId', 'from', 'to'] as const;

/** The filters in the page's address (so a filtered view can be bookmarked or shared), checked by the contract's schema. */
export function filtersFromSearch(search: URLSearchParams): AuditFilters {
  const raw: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = search.get(key)?.trim();
    if (value) raw[key] = value;
  }
  const parsed = auditFilterSchema.safeParse(raw);
  return parsed.success ? (Object.fromEntries(Object.entries(raw).filter(([key]) => key in parsed.data)) as AuditFilters) : {};
}

export function searchFromFilters(filters: AuditFilters): Record<string, string> {
  const search: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value !== undefined && value !== null && String(value).trim() !== '') search[key] = String(value).trim();
  }
  return search;
}
