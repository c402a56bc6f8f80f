import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Fixed-window counters of the rate limits (logins, sign-ups, lookups, uploads), in the database so
 * that every app server behind a load balancer counts the same attempts. Not an organization's data:
 * keys are addresses and account names, read and written by the system paths only.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    count: integer("count").notNull(),
    resetAt: timestamp("reset_at", { withTimezone: true, mode: "string" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key] }), index("rate_limits_reset_at_idx").on(t.resetAt)],
);
