import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runBoot, type BootTasks } from './boot.ts';

const after = (ms: number) => () => new Promise<void>((resolve) => setTimeout(resolve, ms));

function track(promise: Promise<void>) {
  const state = { done: false };
  void promise.then(() => {
    state.done = true;
  });
  return state;
}

describe('boot timing', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the loading view for at least 1000 ms when the work is quicker', async () => {
    const tasks: BootTasks = { images: after(100), fonts: after(300), signSecret: after(200) };
    const state = track(runBoot(tasks));
    await vi.advanceTimersByTimeAsync(999);
    expect(state.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.done).toBe(true);
  });

  it('lasts as long as the slowest task when it takes longer, not the sum', async () => {
    const tasks: BootTasks = { images: after(1500), fonts: after(1200), signSecret: after(800) };
    const state = track(runBoot(tasks));
    await vi.advanceTimersByTimeAsync(1499);
    expect(state.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.done).toBe(true);
  });

  it('runs the tasks in parallel, all started at once', async () => {
    const tasks = { images: vi.fn(after(10)), fonts: vi.fn(after(10)), signSecret: vi.fn(after(10)) };
    void runBoot(tasks);
    expect(tasks.images).toHaveBeenCalledTimes(1);
    expect(tasks.fonts).toHaveBeenCalledTimes(1);
    expect(tasks.signSecret).toHaveBeenCalledTimes(1);
  });

  it('still starts when a task fails', async () => {
    const tasks: BootTasks = { images: after(10), fonts: after(10), signSecret: () => Promise.reject(new Error('offline')) };
    const state = track(runBoot(tasks));
    await vi.advanceTimersByTimeAsync(1000);
    expect(state.done).toBe(true);
  });
});
