import { describe, expect, it } from 'vitest';
import { decodedPathname, isApiPath } from './api-path.ts';

describe('isApiPath', () => {
  it('is true for the API and the probes, with or without a trailing part', () => {
    for (const path of ['/api', '/api/', '/api/user/app/login', '/api/admin/orders/:id', '/health', '/health/', '/health/ready', '/health/live']) {
      expect(isApiPath(path), path).toBe(true);
    }
  });

  it("is false for the apps' pages and for paths that only start with the same letters", () => {
    for (const path of ['/', '/admin', '/admin/api', '/apiary', '/healthy', '/health-check', '/assets/api.js', '/me/api', 'api/x', '']) {
      expect(isApiPath(path), path).toBe(false);
    }
  });
});

describe('decodedPathname', () => {
  it('drops the query and decodes percent-encoding, so a disguised API path is still one', () => {
    expect(decodedPathname('/%61pi/user?x=1')).toBe('/api/user');
    expect(isApiPath(decodedPathname('/%68ealth/ready'))).toBe(true);
    expect(decodedPathname('?only=query')).toBe('/');
  });

  it('keeps the raw text of a path that is not valid percent-encoding', () => {
    expect(decodedPathname('/api/%E0%A4%A')).toBe('/api/%E0%A4%A');
    expect(isApiPath(decodedPathname('/api/%'))).toBe(true);
  });
});
