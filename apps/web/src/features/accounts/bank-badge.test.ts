import { describe, expect, it } from 'vitest';
import { bankBadge } from './bank-badge.ts';

describe('bank badges (issue 25)', () => {
  it('Vietcombank, VIB and VietABank are told apart by their codes', () => {
    const badges = [bankBadge('VCB', 'Vietcombank'), bankBadge('VIB', 'VIB'), bankBadge('VAB', 'VietABank')];
    expect(badges).toEqual(['VCB', 'VIB', 'VAB']);
    expect(new Set(badges).size).toBe(3);
  });

  it('without a code: the initials of the name, at most four letters', () => {
    expect(bankBadge('', 'Ví điện tử MoMo')).toBe('VĐTM');
    expect(bankBadge(null, 'ZaloPay')).toBe('ZAL');
  });
});
