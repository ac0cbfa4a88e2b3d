import { describe, expect, it } from 'vitest';
import { sideBySide } from './side-by-side.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('sideBySide', () => {
  it('does every item once with at most the limit in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const done: number[] = [];
    await sideBySide([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await tick();
      done.push(item);
      inFlight -= 1;
    });
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });

  it('one at a time with a limit of 1, in order', async () => {
    const order: number[] = [];
    await sideBySide([3, 1, 2], 1, async (item) => {
      await tick();
      order.push(item);
    });
    expect(order).toEqual([3, 1, 2]);
  });

  it('nothing to do resolves at once', async () => {
    await expect(sideBySide([], 4, async () => undefined)).resolves.toBeUndefined();
  });

  it('a failure rejects after the work in flight settled, and starts nothing new', async () => {
    const started: number[] = [];
    let settled = 0;
    const run = sideBySide([1, 2, 3, 4], 2, async (item) => {
      started.push(item);
      await tick();
      settled += 1;
      if (item === 1) throw new Error('one failed');
    });
    await expect(run).rejects.toThrow('one failed');
    expect(started).toEqual([1, 2]);
    expect(settled).toBe(2);
  });
});
