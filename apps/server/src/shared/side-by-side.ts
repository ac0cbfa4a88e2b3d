/**
 * Runs `work` for every item with at most `limit` of them in flight, and resolves when all have
 * settled. `work` handles its own failures: one that throws rejects the whole call (after the
 * others in flight have settled), as Promise.all would not wait for.
 */
export async function sideBySide<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const lane = async () => {
    while (next < items.length && !failure) {
      const item = items[next]!;
      next += 1;
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  if (failure) throw (failure as { error: unknown }).error;
}
