import { version } from 'react';
import { version as domVersion } from 'react-dom';
import { describe, expect, it } from 'vitest';

// The root package.json overrides the React 18 peer ranges of antd-mobile dependencies: one React 19.
describe('react', () => {
  it('is the app React 19 for the app and its libraries', () => {
    expect(version.startsWith('19.')).toBe(true);
    expect(domVersion).toBe(version);
  });
});
