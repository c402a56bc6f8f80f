/**
 * Fixed-window counters per key, kept in memory: per process and forgotten at restart, which is
 * acceptable for slowing down guessing and enumeration from one address or against one account.
 */
export function createRateLimiter(options: { max: number; windowMs: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const hits = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string) => {
    const t = now();
    // Drop finished windows now and then so the map cannot grow without bound.
    if (hits.size > 10_000) for (const [k, v] of hits) if (v.resetAt <= t) hits.delete(k);
    const entry = hits.get(key);
    return entry && entry.resetAt > t ? entry : undefined;
  };
  const count = (key: string) => {
    const entry = current(key);
    if (entry) entry.count += 1;
    else hits.set(key, { count: 1, resetAt: now() + options.windowMs });
  };
  return {
    /** Counts one attempt; false when the key is over its limit for the current window. */
    allow(key: string): boolean {
      count(key);
      return (current(key)?.count ?? 0) <= options.max;
    },
    /** Whether the key has used up its window, without counting. */
    blocked: (key: string) => (current(key)?.count ?? 0) >= options.max,
    /** Counts a failure (login: only failed attempts count against an account). */
    fail: count,
    reset: (key: string) => {
      hits.delete(key);
    },
    /** Seconds until the key's window ends (for Retry-After). */
    retryAfterSeconds: (key: string) => Math.max(1, Math.ceil(((current(key)?.resetAt ?? now()) - now()) / 1000)),
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
