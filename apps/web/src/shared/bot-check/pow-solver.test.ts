import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { solveAltchaChallenge } from './pow-solver.ts';

function challengeFor(number: number, maxnumber = 5000) {
  const salt = 'a1b2c3d4e5f6?expires=9999999999&';
  return { algorithm: 'SHA-256' as const, challenge: createHash('sha256').update(salt + number).digest('hex'), maxnumber, salt, signature: 'sig' };
}

describe('solveAltchaChallenge', () => {
  it('finds the number and answers the base64 ALTCHA payload', async () => {
    const solution = await solveAltchaChallenge(challengeFor(1234));
    expect(JSON.parse(atob(solution!))).toEqual({ algorithm: 'SHA-256', challenge: challengeFor(1234).challenge, number: 1234, salt: challengeFor(1234).salt, signature: 'sig' });
  });

  it('answers null when no number up to maxnumber fits', async () => {
    expect(await solveAltchaChallenge(challengeFor(900, 800))).toBeNull();
  });
});
