import { describe, expect, it } from 'vitest';
import { isVersionBelow, versionSegments } from './app-version.ts';

describe('isVersionBelow', () => {
  it('compares dotted versions numerically', () => {
    expect(isVersionBelow('1.0.9', '1.0.10')).toBe(true);
    expect(isVersionBelow('1.0.10', '1.0.9')).toBe(false);
    expect(isVersionBelow('1.0', '1.0.0')).toBe(false);
    expect(isVersionBelow('1.0.0', '1.0.1')).toBe(true);
    expect(isVersionBelow('2', '1.9.9')).toBe(false);
    expect(isVersionBelow('1.2.0-beta', '1.2.0')).toBe(false);
    expect(isVersionBelow('1.1.9-beta', '1.2')).toBe(true);
  });

  it('does not block versions it cannot read', () => {
    expect(isVersionBelow('abc', '1.0.0')).toBe(false);
    expect(versionSegments('v1')).toBeNull();
  });
});
