import { describe, expect, it } from 'vitest';
import { safeNextPath } from './next-path.ts';

describe('safeNextPath', () => {
  it('keeps a path inside the back office', () => {
    expect(safeNextPath('/audit?action=operator.')).toBe('/audit?action=operator.');
  });

  it('refuses other origins, empty values and the sign-in pages', () => {
    for (const next of [null, '', 'https://evil.example/', '//evil.example', '/\\evil.example', '/sign-in', '/enrol?token=x']) {
      expect(safeNextPath(next)).toBe('/');
    }
  });
});
