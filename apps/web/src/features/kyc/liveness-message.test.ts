import { describe, expect, it } from 'vitest';
import { fitWithin } from './compress-image.ts';
import { acceptLivenessMessage, originOf } from './liveness-message.ts';

const frameWindow = {} as MessageEventSource;
const otherWindow = {} as MessageEventSource;
const expected = { origin: 'https://app.sen.vn', source: frameWindow, bizNo: 'a'.repeat(32) };
const good = { type: 'sen-liveness', bizNo: 'a'.repeat(32), result: 'body.sig', passed: true };

describe('acceptLivenessMessage', () => {
  it('accepts the frame’s own message from the verifyUrl origin for this session', () => {
    expect(acceptLivenessMessage({ origin: 'https://app.sen.vn', source: frameWindow, data: good }, expected)).toEqual({ bizNo: 'a'.repeat(32), result: 'body.sig', passed: true });
    expect(acceptLivenessMessage({ origin: 'https://app.sen.vn', source: frameWindow, data: { ...good, result: undefined, error: 'camera' } }, expected)).toEqual({ bizNo: 'a'.repeat(32), error: 'camera' });
  });

  it('ignores another origin, another window, another session and odd shapes', () => {
    expect(acceptLivenessMessage({ origin: 'https://evil.example', source: frameWindow, data: good }, expected)).toBeNull();
    expect(acceptLivenessMessage({ origin: 'http://app.sen.vn', source: frameWindow, data: good }, expected)).toBeNull();
    expect(acceptLivenessMessage({ origin: 'https://app.sen.vn', source: otherWindow, data: good }, expected)).toBeNull();
    expect(acceptLivenessMessage({ origin: 'https://app.sen.vn', source: frameWindow, data: good }, { ...expected, source: null })).toBeNull();
    expect(acceptLivenessMessage({ origin: 'https://app.sen.vn', source: frameWindow, data: { ...good, bizNo: 'b'.repeat(32) } }, expected)).toBeNull();
    for (const data of [null, 'sen-liveness', { ...good, type: 'other' }, { ...good, passed: 'yes' }, { ...good, result: 42 }, { ...good, result: 'x'.repeat(5000) }]) {
      expect(acceptLivenessMessage({ origin: 'https://app.sen.vn', source: frameWindow, data }, expected)).toBeNull();
    }
  });

  it('takes the origin of absolute and relative verifyUrls', () => {
    expect(originOf('https://ekyc.vendor.test/verify/1', 'https://app.sen.vn/x')).toBe('https://ekyc.vendor.test');
    expect(originOf('/api/ekyc/dev/liveness?bizNo=1', 'https://app.sen.vn/authentication/batch/kyc/face')).toBe('https://app.sen.vn');
  });
});

describe('fitWithin', () => {
  it('scales the longest side down to 1600 and never up', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });
});
