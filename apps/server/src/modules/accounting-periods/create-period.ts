import { monthEnd } from "@keyholder/contracts/civil-date";
import { type AccountingPeriod, ledgerMessages } from "@keyholder/contracts/ledger";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import { HttpError } from "../../lib/http-error.ts";
import { readPeriods } from "./read-periods.ts";

/**
 * Opens the accounting period of a month before anything is posted in it (a posting opens its
 * month's period by itself), so that it can be listed and closed.
 */
export async function createPeriod(tx: Tx, actor: Actor, startsOn: string): Promise<AccountingPeriod> {
  const { rows } = (await tx.execute(sql`
    insert into accounting_periods (organization_id, starts_on, ends_on, created_by)
    values (${actor.orgId}, ${startsOn}, ${monthEnd(startsOn)}, ${actor.userId})
    on conflict (organization_id, starts_on) do nothing
    returning id`)) as unknown as { rows: { id: string }[] };
  const id = rows[0]?.id;
  if (!id) throw new HttpError(409, "PERIOD_EXISTS", ledgerMessages.periodExists(startsOn));
  await writeAudit(tx, actor, "accounting_period", [
    { action: "create", entityId: id, after: { starts_on: startsOn, ends_on: monthEnd(startsOn), status: "open" } },
  ]);
  const [period] = await readPeriods(tx, sql`a.organization_id = ${actor.orgId} and a.id = ${id}`);
  if (!period) throw new Error("the period just opened is not there");
  return period;
}
