import { todayIn } from "@keyholder/contracts/civil-date";
import { type AccountingPeriod, ledgerMessages } from "@keyholder/contracts/ledger";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import { HttpError, notFound } from "../../lib/http-error.ts";
import { readPeriods } from "./read-periods.ts";

/**
 * Closes a period that has ended (in the organization's time zone): from then on the database
 * refuses any posting dated in it. The row lock waits for postings under way in it to commit (they
 * hold it FOR SHARE). Recorded in the period's history; closing a closed period changes nothing.
 */
export async function closePeriod(tx: Tx, actor: Actor, id: string, now: Date): Promise<AccountingPeriod> {
  const { rows } = (await tx.execute(sql`
    select a.status, a.ends_on::text as ends_on, o.time_zone
    from accounting_periods a join organizations o on o.id = a.organization_id
    where a.organization_id = ${actor.orgId} and a.id = ${id}
    for update of a`)) as unknown as { rows: { status: string; ends_on: string; time_zone: string }[] };
  const found = rows[0];
  if (!found) throw notFound(ledgerMessages.periodNotFound);
  if (found.status === "open") {
    if (todayIn(found.time_zone, now) <= found.ends_on) {
      throw new HttpError(409, "PERIOD_NOT_ENDED", ledgerMessages.periodNotEnded(found.ends_on));
    }
    await tx.execute(sql`
      update accounting_periods set status = 'closed', closed_at = now(), closed_by = ${actor.userId}
      where organization_id = ${actor.orgId} and id = ${id}`);
    await writeAudit(tx, actor, "accounting_period", [
      { action: "update", entityId: id, before: { status: "open" }, after: { status: "closed" } },
    ]);
  }
  const [period] = await readPeriods(tx, sql`a.organization_id = ${actor.orgId} and a.id = ${id}`);
  if (!period) throw notFound(ledgerMessages.periodNotFound);
  return period;
}
