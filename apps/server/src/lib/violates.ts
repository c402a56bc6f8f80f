/** Whether a failed statement broke the named constraint with the SQLSTATE (drizzle wraps the driver's error as `cause`). */
export function violates(err: unknown, code: string, constraint: string): boolean {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const c = e as { code?: unknown; constraint?: unknown };
    if (c.code === code && c.constraint === constraint) return true;
  }
  return false;
}

/** A unique constraint (23505) broken by the statement. */
export const violatesUnique = (err: unknown, constraint: string) => violates(err, "23505", constraint);
