import type { LedgerRole } from "@keyholder/contracts/ledger";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { violates } from "../../lib/violates.ts";

/** The rows of a raw statement. */
export async function rowsOf<T>(tx: Tx, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The ids of the organization's system accounts by role (code posts by role, never by number). */
export async function accountIds<R extends LedgerRole>(tx: Tx, roles: readonly R[]): Promise<Record<R, number>> {
  const rows = await rowsOf<{ role: R; id: number }>(
    tx,
    sql`select role, id from ledger_accounts where role = any(${`{${roles.join(",")}}`}::text[])`,
  );
  const found = Object.fromEntries(rows.map((r) => [r.role, Number(r.id)])) as Record<R, number>;
  for (const role of roles) if (found[role] === undefined) throw new Error(`no ${role} account`);
  return found;
}

/**
 * Runs a write in a savepoint: when it breaks `constraint` (SQLSTATE `code`), the savepoint is
 * rolled back, the transaction stays usable, and `explain` (which may read) turns it into the
 * error the client gets. Exclusion constraints (23P01) guard what a check in code could race.
 */
export async function refusing<T>(
  tx: Tx,
  o: { code: string; constraint: string; explain: () => Promise<Error> },
  write: (tx: Tx) => Promise<T>,
): Promise<T> {
  try {
    return await tx.transaction(write);
  } catch (err) {
    if (violates(err, o.code, o.constraint)) throw await o.explain();
    throw err;
  }
}
