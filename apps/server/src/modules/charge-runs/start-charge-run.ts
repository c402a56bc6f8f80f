import { addDays, todayIn } from "@keyholder/contracts/civil-date";
import { CHARGE_RUN_MAX_DAYS_AHEAD, type ChargeRun, chargeRunMessages } from "@keyholder/contracts/ledger";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { badRequest } from "../../lib/http-error.ts";
import type { NewJob } from "../../lib/jobs/job-store.ts";
import { CHARGE_RUN } from "./charge-run-job.ts";
import { readChargeRuns } from "./read-charge-runs.ts";

/**
 * Queues a charge run through a day, unless one through that day is waiting or running already
 * (a second click answers that one: created false).
 */
export async function startChargeRun(
  tx: Tx,
  actor: Actor,
  through: string,
  o: { now: Date; enqueue(tx: Tx, job: NewJob): Promise<string | null> },
): Promise<{ run: ChargeRun; created: boolean }> {
  const { rows } = (await tx.execute(
    sql`select time_zone from organizations where id = ${actor.orgId}`,
  )) as unknown as { rows: { time_zone: string }[] };
  const latest = addDays(todayIn(rows[0]?.time_zone ?? "UTC", o.now), CHARGE_RUN_MAX_DAYS_AHEAD);
  if (through > latest)
    throw badRequest(chargeRunMessages.tooFar(latest), { through: [chargeRunMessages.tooFar(latest)] });
  // One request at a time per organization decides whether a run is already waiting.
  await tx.execute(sql`select pg_advisory_xact_lock(27003, hashtext(${actor.orgId}))`);
  const [waiting] = await readChargeRuns(
    tx,
    sql`j.organization_id = ${actor.orgId} and j.status in ('queued', 'running') and j.params->>'through' = ${through}`,
    1,
  );
  if (waiting) return { run: waiting, created: false };
  const id = await o.enqueue(tx, {
    orgId: actor.orgId,
    kind: CHARGE_RUN,
    params: { through, trigger: "request" },
    requestedBy: actor.userId,
  });
  const [run] = await readChargeRuns(tx, sql`j.organization_id = ${actor.orgId} and j.id = ${id}`, 1);
  if (!run) throw new Error("the charge run just queued is not there");
  return { run, created: true };
}
