import { DrizzleQueryError } from "drizzle-orm/errors";

/**
 * An error as it may be logged: a failed query keeps its SQL text and the database's message and
 * code, never its parameters (usernames, emails, whatever a user typed) nor the database's detail
 * line, which repeats the values ("Key (username)=(…) already exists").
 */
export function loggableError(err: unknown): unknown {
  if (!(err instanceof DrizzleQueryError)) return err;
  const cause = err.cause as { message?: unknown; code?: unknown } | undefined;
  return {
    type: "DrizzleQueryError",
    message: `Failed query: ${err.query}`,
    database: {
      code: cause?.code,
      message: typeof cause?.message === "string" ? withoutValues(cause.message) : undefined,
    },
    stack: (err.stack ?? "").replace(/^params: .*$/m, "params: [redacted]"),
  };
}

/** The database quotes values in its messages; names of tables, columns and constraints stay. */
const withoutValues = (message: string) =>
  message.replace(/"([^"]*)"/g, (quoted, inner: string) =>
    /^[a-z_][a-z0-9_]*$/.test(inner) ? quoted : '"[redacted]"',
  );
