import { ROLE_PERMISSIONS } from '@sen/contract';
import { describe, expect, it } from 'vitest';
import { menuFor, selectedEntry } from './menu.tsx';

const paths = (role: keyof typeof ROLE_PERMISSIONS) => menuFor({ permissions: [...ROLE_PERMISSIONS[role]] }).map((entry) => entry.path);

describe('side menu', () => {
  it('shows an admin every screen', () => {
    expect(paths('admin')).toEqual(['/', '/borrowers', '/proposals', '/products', '/credit-rules', '/operators', '/audit', '/reviews', '/dashboard', '/receipts', '/transfers', '/unmatched', '/reconciliation', '/ledger', '/feedback', '/collections', '/collections/rules', '/data-requests', '/breaches']);
  });

  it('hides what a role cannot use', () => {
    expect(paths('viewer')).toEqual(['/', '/borrowers', '/proposals', '/products', '/credit-rules', '/dashboard', '/feedback', '/collections', '/collections/rules']);
    expect(paths('reviewer')).toContain('/reviews');
    expect(paths('viewer')).not.toContain('/reviews');
    expect(paths('finance')).toEqual(expect.arrayContaining(['/receipts', '/transfers', '/unmatched', '/reconciliation', '/ledger']));
    expect(paths('collector')).not.toContain('/ledger');
    expect(paths('reviewer')).not.toContain('/operators');
    expect(paths('reviewer')).not.toContain('/collections');
    expect(paths('finance')).not.toContain('/audit');
    expect(paths('reviewer')).toContain('/data-requests');
    expect(paths('reviewer')).not.toContain('/breaches');
    expect(paths('viewer')).not.toContain('/data-requests');
  });

  it('selects the entry of a nested page', () => {
    expect(selectedEntry('/products/propose')).toBe('/products');
    expect(selectedEntry('/borrowers/42')).toBe('/borrowers');
    expect(selectedEntry('/reviews/7')).toBe('/reviews');
    expect(selectedEntry('/collections/7')).toBe('/collections');
    expect(selectedEntry('/collections/rules')).toBe('/collections/rules');
    expect(selectedEntry('/')).toBe('/');
    expect(selectedEntry('/nowhere')).toBe('');
  });
});
