import { type MaintenancePriority, PRIORITY_DUE_DAYS } from "@keyholder/contracts/maintenance";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";

/** The rows of a raw statement. */
export async function rowsOf<T = Record<string, unknown>>(tx: Tx, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * The due day of a request of `priority` made at `madeAt` (now for a new one), decision 034: the
 * day it was made in the organization's time zone, plus the priority's days.
 */
export async function dueOnFor(tx: Tx, orgId: string, priority: MaintenancePriority, madeAt?: string) {
  const [row] = await rowsOf<{ due_on: string }>(
    tx,
    sql`select ((coalesce(${madeAt ?? null}::timestamptz, now()) at time zone o.time_zone)::date
      + ${PRIORITY_DUE_DAYS[priority]}::int)::text as due_on
      from organizations o where o.id = ${orgId}`,
  );
  if (!row) throw new Error("organization not found");
  return row.due_on;
}
