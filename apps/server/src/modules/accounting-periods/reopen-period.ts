import { type AccountingPeriod, ledgerMessages } from "@keyholder/contracts/ledger";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import { readPeriods } from "./read-periods.ts";

/**
 * Reopens a closed period (a correction found after closing): postings dated in it are taken again.
 * Recorded in the period's history beside who closed it; reopening an open period changes nothing.
 */
export async function reopenPeriod(tx: Tx, actor: Actor, id: string): Promise<AccountingPeriod> {
  const { rows } = (await tx.execute(sql`
    update accounting_periods set status = 'open', closed_at = null, closed_by = null
    where organization_id = ${actor.orgId} and id = ${id} and status = 'closed'
    returning id`)) as unknown as { rows: { id: string }[] };
  if (rows.length) {
    await writeAudit(tx, actor, "accounting_period", [
      { action: "update", entityId: id, before: { status: "closed" }, after: { status: "open" } },
    ]);
  }
  const [period] = await readPeriods(tx, sql`a.organization_id = ${actor.orgId} and a.id = ${id}`);
  if (!period) throw notFound(ledgerMessages.periodNotFound);
  return period;
}
