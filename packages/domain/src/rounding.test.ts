import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROUNDING_MODES, ratio, roundVnd, type RoundingMode } from './rounding.ts';

const abs = (value: bigint) => (value < 0n ? -value : value);
const numerator = fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n });
const denominator = fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }).filter((value) => value !== 0n);
const mode = fc.constantFrom(...ROUNDING_MODES);

describe('roundVnd table', () => {
  // value: [down, up, half-up, half-even]
  const table: [string, bigint, bigint, [bigint, bigint, bigint, bigint]][] = [
    ['2', 2n, 1n, [2n, 2n, 2n, 2n]],
    ['2.4', 24n, 10n, [2n, 3n, 2n, 2n]],
    ['2.5', 5n, 2n, [2n, 3n, 3n, 2n]],
    ['3.5', 7n, 2n, [3n, 4n, 4n, 4n]],
    ['2.6', 26n, 10n, [2n, 3n, 3n, 3n]],
    ['0.5', 1n, 2n, [0n, 1n, 1n, 0n]],
    ['1/3', 1n, 3n, [0n, 1n, 0n, 0n]],
    ['2/3', 2n, 3n, [0n, 1n, 1n, 1n]],
    ['-2.5', -5n, 2n, [-2n, -3n, -3n, -2n]],
    ['-3.5', 7n, -2n, [-3n, -4n, -4n, -4n]],
    ['-2.4', -24n, 10n, [-2n, -3n, -2n, -2n]],
    ['0', 0n, 7n, [0n, 0n, 0n, 0n]],
    ['6913.5752', 69135752n, 10000n, [6913n, 6914n, 6914n, 6914n]],
  ];

  it.each(table)('%s', (_label, n, d, expected) => {
    const modes: RoundingMode[] = ['down', 'up', 'half-up', 'half-even'];
    expect(modes.map((m) => roundVnd(ratio(n, d), m))).toEqual(expected);
  });

  it('refuses a zero denominator', () => {
    expect(() => roundVnd(ratio(1n, 0n), 'half-up')).toThrow(RangeError);
  });

  it('refuses an unknown mode', () => {
    expect(() => roundVnd(ratio(1n, 2n), 'ceiling' as RoundingMode)).toThrow(RangeError);
  });

  it('ratio defaults to a whole number', () => {
    expect(roundVnd(ratio(42n), 'down')).toBe(42n);
  });
});

describe('roundVnd properties', () => {
  it('is exact when the denominator divides the numerator', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), denominator, mode, (whole, d, m) => {
        expect(roundVnd(ratio(whole * d, d), m)).toBe(whole);
      }),
    );
  });

  it('stays within one đồng of the exact value, and within half for the half modes', () => {
    fc.assert(
      fc.property(numerator, denominator, mode, (n, d, m) => {
        const rounded = roundVnd(ratio(n, d), m);
        // |rounded - n/d| = |rounded·d - n| / |d|
        const error = abs(rounded * d - n);
        expect(error < abs(d)).toBe(true);
        if (m === 'half-up' || m === 'half-even') expect(error * 2n <= abs(d)).toBe(true);
      }),
    );
  });

  it("'down' never grows the magnitude and 'up' never shrinks it", () => {
    fc.assert(
      fc.property(numerator, denominator, (n, d) => {
        const exactMagnitudeTimesD = abs(n); // |n/d|·|d|
        expect(abs(roundVnd(ratio(n, d), 'down')) * abs(d) <= exactMagnitudeTimesD).toBe(true);
        expect(abs(roundVnd(ratio(n, d), 'up')) * abs(d) >= exactMagnitudeTimesD).toBe(true);
      }),
    );
  });

  it('is symmetric around zero', () => {
    fc.assert(
      fc.property(numerator, denominator, mode, (n, d, m) => {
        expect(roundVnd(ratio(-n, d), m)).toBe(-roundVnd(ratio(n, d), m));
        expect(roundVnd(ratio(n, -d), m)).toBe(roundVnd(ratio(-n, d), m));
      }),
    );
  });

  it('rounds exact halves away from zero (half-up) or to the even neighbour (half-even)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (whole) => {
        const half = ratio(2n * whole + 1n, 2n); // whole + 0.5
        const halfEven = roundVnd(half, 'half-even');
        expect(halfEven % 2n).toBe(0n);
        expect(halfEven === whole || halfEven === whole + 1n).toBe(true);
        expect(roundVnd(half, 'half-up')).toBe(whole >= 0n ? whole + 1n : whole);
      }),
    );
  });

  it('is monotone: a larger value never rounds lower', () => {
    fc.assert(
      fc.property(numerator, numerator, fc.bigInt({ min: 1n, max: 10n ** 12n }), mode, (a, b, d, m) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(roundVnd(ratio(low, d), m) <= roundVnd(ratio(high, d), m)).toBe(true);
      }),
    );
  });
});
