import { leaseMessages } from "@keyholder/contracts/leases";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { leases } from "../../db/schema/index.ts";
import type { AuditedFields } from "../../lib/audit.ts";
import { recordHistory } from "../history/record-history.ts";
import { rowsOf } from "./lease-sql.ts";

const NUMBERS = new Set([
  "rent_cents",
  "deposit_cents",
  "due_day",
  "grace_days",
  "late_fee_cents",
  "late_fee_percent",
  "late_fee_max_cents",
]);

/** A lease's audited fields (LEASE_FIELD_LABELS): what its History dialog shows changing. */
export async function leaseAuditFields(tx: Tx, id: string): Promise<AuditedFields | null> {
  const [row] = await rowsOf<Record<string, unknown>>(
    tx,
    sql`select property_name, tenant_names, unit_names, status, term, start_date::text as start_date,
        end_date::text as end_date, move_out_date::text as move_out_date, moved_in_on::text as moved_in_on,
        rent_cents, deposit_cents, due_day, grace_days, late_fee_type, late_fee_cents,
        late_fee_percent::float8 as late_fee_percent, late_fee_max_cents
      from leases where id = ${id}`,
  );
  if (!row) return null;
  // Numbers as numbers on both databases (node-postgres reads bigint as text), so no change is seen
  // between 80000 and "80000".
  return Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k, v === null ? null : NUMBERS.has(k) ? Number(v) : String(v)]),
  ) as AuditedFields;
}

/** A lease's history, still readable after it is deleted. */
export const leaseHistory = (tx: Tx, orgId: string, id: string) =>
  recordHistory(
    tx,
    { orgId, entity: "lease", entityId: id },
    { table: leases, id: leases.id, notFound: leaseMessages.notFound },
  );
