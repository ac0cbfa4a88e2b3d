import { describe, expect, it } from 'vitest';
import { certificationState, creditStatus, orderState, provinceName, searchKeyLabel } from './borrower-labels.ts';

describe('borrower labels', () => {
  it('names certification states by the family codes, an unknown one as unknown', () => {
    expect(certificationState('30')).toEqual({ label: 'borrowers.cert.done', tone: 'success' });
    expect(certificationState('20').label).toBe('borrowers.cert.inReview');
    expect(certificationState('40').tone).toBe('danger');
    expect(certificationState('10').label).toBe('borrowers.cert.notStarted');
    expect(certificationState('99').label).toBe('borrowers.unknown');
  });

  it('names credit statuses and order states, showing an unknown order state as it is', () => {
    expect(creditStatus(1).label).toBe('borrowers.credit.approved');
    expect(creditStatus(2).tone).toBe('danger');
    expect(orderState('repaying')).toEqual({ label: 'borrowers.order.repaying', tone: 'warning' });
    expect(orderState('payout_failed').tone).toBe('danger');
    expect(orderState('teleported')).toEqual({ label: null, tone: 'neutral' });
  });

  it('names search keys and provinces in the interface language', () => {
    expect(searchKeyLabel('idNumber')).toBe('borrowers.key.idNumber');
    expect(provinceName(1, 'vn')).not.toBe('1');
    expect(provinceName(99_999, 'en')).toBe('99999');
  });
});
