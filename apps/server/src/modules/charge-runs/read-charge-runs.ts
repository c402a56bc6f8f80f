import type { ChargeRun } from "@keyholder/contracts/ledger";
import type { SQL } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { jobFieldsOf, readJobRows } from "../../lib/jobs/job-rows.ts";
import { userName } from "../history/list-history.ts";
import { CHARGE_RUN, type ChargeRunProgress } from "./charge-run-job.ts";

/** Charge runs of the organization, newest first, as administrators follow them. */
export async function readChargeRuns(tx: Tx, where: SQL, limit: number): Promise<ChargeRun[]> {
  const rows = await readJobRows(tx, CHARGE_RUN, where, limit);
  return rows.map((r) => {
    const params = r.params as { through?: string; trigger?: string };
    const p = r.progress as Partial<ChargeRunProgress>;
    return {
      ...jobFieldsOf(r, userName),
      through: String(params.through ?? ""),
      trigger: params.trigger === "schedule" ? "schedule" : "request",
      progress: {
        phase: r.status === "succeeded" ? "done" : (p.phase ?? "charges"),
        charges_total: p.charges_total ?? 0,
        charges_done: p.charges_done ?? 0,
      },
      posted: {
        charges: p.charges ?? 0,
        charges_cents: p.charges_cents ?? 0,
        late_fees: p.late_fees ?? 0,
        late_fees_cents: p.late_fees_cents ?? 0,
        skipped_closed_periods: p.skipped_closed_periods ?? 0,
      },
    };
  });
}
