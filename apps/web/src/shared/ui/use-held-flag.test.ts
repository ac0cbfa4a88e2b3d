import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useHeldFlag } from './use-held-flag.ts';

describe('loading indicator hold (300 ms)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('stays on 300 ms after a quick load, then goes', async () => {
    const { result, rerender } = renderHook(({ active }) => useHeldFlag(active), { initialProps: { active: true } });
    expect(result.current).toBe(true);
    await act(async () => vi.advanceTimersByTimeAsync(50));
    rerender({ active: false });
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(result.current).toBe(true);
    await act(async () => vi.advanceTimersByTimeAsync(240));
    expect(result.current).toBe(true);
    await act(async () => vi.advanceTimersByTimeAsync(20));
    expect(result.current).toBe(false);
  });

  it('goes at once after a load longer than the hold', async () => {
    const { result, rerender } = renderHook(({ active }) => useHeldFlag(active), { initialProps: { active: true } });
    await act(async () => vi.advanceTimersByTimeAsync(500));
    rerender({ active: false });
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(result.current).toBe(false);
  });
});
