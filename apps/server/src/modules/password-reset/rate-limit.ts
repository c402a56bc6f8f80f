/**
 * A loose per-key fixed-window limit kept in memory: enough to stop one address from mailing
 * reset links in a loop. Per process, forgotten at restart, which is acceptable for this purpose.
 */
export function createRateLimiter(options: { max: number; windowMs: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const hits = new Map<string, { count: number; resetAt: number }>();
  return {
    /** Counts one attempt; false when the key is over its limit for the current window. */
    allow(key: string): boolean {
      const t = now();
      // Drop finished windows now and then so the map cannot grow without bound.
      if (hits.size > 10_000) for (const [k, v] of hits) if (v.resetAt <= t) hits.delete(k);
      const entry = hits.get(key);
      if (!entry || entry.resetAt <= t) {
        hits.set(key, { count: 1, resetAt: t + options.windowMs });
        return true;
      }
      entry.count += 1;
      return entry.count <= options.max;
    },
  };
}
