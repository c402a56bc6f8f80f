import { errorCodes } from "@keyholder/contracts/errors";
import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import type { Database } from "../db/client.ts";
import { asSystem } from "../db/client.ts";
import { rateLimits } from "../db/schema/index.ts";
import { HttpError } from "./http-error.ts";

export interface RateCheck {
  /** Whether this attempt is within the limit. */
  allowed: boolean;
  /** Seconds until the key's window ends (for Retry-After). */
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters per key, kept in the database (table rate_limits), so several app servers
 * on one database count as one and a restart forgets nothing. One round trip per attempt: an upsert
 * that starts a new window when the old one has ended.
 */
export function createRateLimiter(db: Database, options: { bucket: string; max: number; windowMs: number }) {
  const { bucket, max } = options;
  const windowSql = sql.raw(`interval '${Math.ceil(options.windowMs)} milliseconds'`);
  const retryAfter = (resetAt: string) => Math.max(1, Math.ceil((Date.parse(resetAt) - Date.now()) / 1000));
  const hit = async (key: string) => {
    const [row] = await asSystem(db, (tx) =>
      tx
        .insert(rateLimits)
        .values({ bucket, key, count: 1, resetAt: sql`now() + ${windowSql}` })
        .onConflictDoUpdate({
          target: [rateLimits.bucket, rateLimits.key],
          set: {
            count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
            resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
          },
        })
        .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt }),
    );
    maybeSweep(db);
    return { count: row?.count ?? 1, retryAfterSeconds: retryAfter(row?.resetAt ?? new Date().toISOString()) };
  };
  return {
    /** Counts one attempt. */
    async allow(key: string): Promise<RateCheck> {
      const { count, retryAfterSeconds } = await hit(key);
      return { allowed: count <= max, retryAfterSeconds };
    },
    /** Whether the key has used up its window, without counting. */
    async blocked(key: string): Promise<RateCheck> {
      const [row] = await asSystem(db, (tx) =>
        tx
          .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
          .from(rateLimits)
          .where(and(eq(rateLimits.bucket, bucket), eq(rateLimits.key, key), gt(rateLimits.resetAt, sql`now()`))),
      );
      return { allowed: !row || row.count < max, retryAfterSeconds: row ? retryAfter(row.resetAt) : 0 };
    },
    /** Counts a failure (login: only failed attempts count against an address and account). */
    fail: async (key: string) => {
      await hit(key);
    },
    reset: async (key: string) => {
      await asSystem(db, (tx) =>
        tx.delete(rateLimits).where(and(eq(rateLimits.bucket, bucket), eq(rateLimits.key, key))),
      );
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** Now and then, finished windows are deleted so the table stays small. */
let sinceSweep = 0;
function maybeSweep(db: Database) {
  if (++sinceSweep < 500) return;
  sinceSweep = 0;
  void asSystem(db, (tx) => tx.delete(rateLimits).where(lte(rateLimits.resetAt, sql`now() - interval '1 hour'`))).catch(
    () => {},
  );
}

/** Answers 429 with Retry-After when the check is over its limit. */
export function refuseOver(
  reply: FastifyReply,
  check: RateCheck,
  message: string,
  code: string = errorCodes.rateLimited,
) {
  if (check.allowed) return;
  reply.header("retry-after", String(check.retryAfterSeconds));
  throw new HttpError(429, code, message);
}
