import { describe, expect, it } from 'vitest';
import { filtersFromSearch, searchFromFilters } from './audit-filters.ts';

describe('audit filters in the address', () => {
  it('round-trips the filters, leaving out empty ones', () => {
    const search = searchFromFilters({ action: 'operator.', actor: 3, from: '2026-01-01', targetId: ' ' });
    expect(search).toEqual({ action: 'operator.', actor: '3', from: '2026-01-01' });
    expect(filtersFromSearch(new URLSearchParams(search))).toEqual(search);
  });

  it('drops an address the contract refuses (a malformed date) rather than sending it', () => {
    expect(filtersFromSearch(new URLSearchParams({ from: 'yesterday' }))).toEqual({});
  });
});
