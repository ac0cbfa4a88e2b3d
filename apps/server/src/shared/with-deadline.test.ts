import { describe, expect, it } from 'vitest';
import { DeadlineExceededError, withDeadline } from './with-deadline.ts';

describe('withDeadline', () => {
  it('answers what the promise answers when it settles in time', async () => {
    await expect(withDeadline(Promise.resolve(7), 50)).resolves.toBe(7);
    await expect(withDeadline(Promise.reject(new Error('refused')), 50)).rejects.toThrow('refused');
  });

  it('fails with DeadlineExceededError when the promise takes longer, and ignores its late failure', async () => {
    const late = new Promise((_, reject) => setTimeout(() => reject(new Error('late')), 60));
    const started = Date.now();
    await expect(withDeadline(late, 20)).rejects.toBeInstanceOf(DeadlineExceededError);
    expect(Date.now() - started).toBeLessThan(55);
    // The abandoned promise's rejection arrives later and must not surface as unhandled.
    await new Promise((resolve) => setTimeout(resolve, 60));
  });

  it('fails when the promise never settles', async () => {
    await expect(withDeadline(new Promise(() => {}), 10)).rejects.toThrow('no answer within 10 ms');
  });
});
