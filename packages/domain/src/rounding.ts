import type { Vnd } from './money.ts';

/**
 * The one place where money is rounded (DESIGN.md). Inputs are exact rationals, so no floating
 * point ever touches an amount; each caller names the rounding mode it uses.
 */
export interface Rational {
  numerator: bigint;
  denominator: bigint;
}

export function ratio(numerator: bigint, denominator: bigint = 1n): Rational {
  return { numerator, denominator };
}

/**
 * - 'down': toward zero (drop the fraction).
 * - 'up': away from zero (any fraction adds one đồng).
 * - 'half-up': to the nearest, a half away from zero (commercial rounding).
 * - 'half-even': to the nearest, a half to the even neighbour (banker's rounding).
 * Negative values round symmetrically to positive ones: round(-x) = -round(x).
 */
export const ROUNDING_MODES = ['down', 'up', 'half-up', 'half-even'] as const;
export type RoundingMode = (typeof ROUNDING_MODES)[number];

/** Rounds numerator/denominator to a whole number of đồng. */
export function roundVnd({ numerator, denominator }: Rational, mode: RoundingMode): Vnd {
  if (denominator === 0n) throw new RangeError('Division by zero');
  if (denominator < 0n) {
    numerator = -numerator;
    denominator = -denominator;
  }
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const quotient = magnitude / denominator;
  const twiceRemainder = (magnitude % denominator) * 2n;
  let roundAway: boolean;
  switch (mode) {
    case 'down':
      roundAway = false;
      break;
    case 'up':
      roundAway = twiceRemainder > 0n;
      break;
    case 'half-up':
      roundAway = twiceRemainder >= denominator;
      break;
    case 'half-even':
      roundAway = twiceRemainder > denominator || (twiceRemainder === denominator && quotient % 2n === 1n);
      break;
    default: {
      const unknown: never = mode;
      throw new RangeError(`Unknown rounding mode: ${String(unknown)}`);
    }
  }
  const rounded = roundAway ? quotient + 1n : quotient;
  return negative ? -rounded : rounded;
}
