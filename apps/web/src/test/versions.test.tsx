import { version } from 'react';
import { version as domVersion } from 'react-dom';
import { describe, expect, it } from 'vitest';

// npm hoists a React 18 for packages whose peer range stops at 18; vite.config.ts pins React 19.
describe('react', () => {
  it('is the app React 19 for the app and its libraries', () => {
    expect(version.startsWith('19.')).toBe(true);
    expect(domVersion).toBe(version);
  });
});
