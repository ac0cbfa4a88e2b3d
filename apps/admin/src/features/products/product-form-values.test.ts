import { ERRORS, productInputSchema, type ProductRecord } from '@sen/contract';
import { describe, expect, it } from 'vitest';
import { fieldOfProductError, newProductValues, productOfValues, valuesOfProduct } from './product-form-values.ts';

const record: ProductRecord = {
  id: 4,
  code: 'sen-30',
  name: 'Sen 30',
  imageUrl: '',
  minAmount: 1_000_000,
  maxAmount: 5_000_000,
  termDays: 30,
  planNums: [1],
  dailyRatePpm: 300,
  serviceFeePpm: 20_000,
  overdueDailyRatePpm: 450,
  tags: ['new'],
  translations: {},
  showConditionTypeSign: null,
  jumpType: 0,
  downloadUrl: null,
  newSign: false,
  activeFrom: '2026-01-01T00:00:00+07:00',
  activeTo: null,
  dailyQuota: null,
  sortOrder: 0,
  active: true,
  feeTiming: 'deducted',
  signatureRequired: false,
  signingCode: 'optional',
  annualPercent: 10.95,
  updatedAt: '2026-01-01T00:00:00Z',
};

describe('product form values', () => {
  it('round-trips a product into a valid proposal input without its computed fields', () => {
    const input = productOfValues(valuesOfProduct(record));
    expect(input).not.toHaveProperty('id');
    expect(input).not.toHaveProperty('annualPercent');
    expect(Date.parse(input.activeFrom!)).toBe(Date.parse(record.activeFrom!));
    const { id: _id, annualPercent: _a, updatedAt: _u, activeFrom: _f, ...rest } = record;
    expect(input).toMatchObject(rest);
    expect(productInputSchema.safeParse(input).success).toBe(true);
  });

  it("shows and takes the window in Vietnam time whatever the browser's zone (decision 121)", () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      const values = valuesOfProduct({ ...record, activeTo: '2026-03-31T16:59:00.000Z' });
      // Midnight opening Vietnam's 1 January, not 12:00 on 31 December in New York.
      expect(values.activeFrom!.format('YYYY-MM-DD HH:mm')).toBe('2026-01-01 00:00');
      expect(values.activeTo!.format('YYYY-MM-DD HH:mm')).toBe('2026-03-31 23:59');
      const input = productOfValues({ ...values, activeFrom: values.activeFrom!.add(9, 'hour') });
      expect([input.activeFrom, input.activeTo]).toEqual(['2026-01-01T02:00:00.000Z', '2026-03-31T16:59:00.000Z']);
    } finally {
      process.env.TZ = zone;
    }
  });

  it('starts a new product from the contract defaults', () => {
    expect(newProductValues()).toMatchObject({ planNums: [1], tags: [], jumpType: 0, active: true });
  });

  it('places the rate cap on the field it names and an inconsistency on the first field its message names', () => {
    const fieldOf = fieldOfProductError(ERRORS.RATE_OVER_CAP.code, ERRORS.PRODUCT_INVALID.code);
    expect(fieldOf(ERRORS.RATE_OVER_CAP.code, { violations: [{ field: 'overdueDailyRatePpm' }] }, '')).toBe('overdueDailyRatePpm');
    expect(fieldOf(ERRORS.PRODUCT_INVALID.code, null, 'The product is not consistent: minAmount > maxAmount')).toBe('minAmount');
    expect(fieldOf(ERRORS.PRODUCT_INVALID.code, null, 'Sản phẩm không nhất quán: jumpType needs downloadUrl')).toBe('jumpType');
    expect(fieldOf(ERRORS.PROPOSAL_DUPLICATE.code, null, 'x')).toBeNull();
  });
});
