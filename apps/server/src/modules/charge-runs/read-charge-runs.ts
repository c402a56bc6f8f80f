import type { ChargeRun } from "@keyholder/contracts/ledger";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { userName } from "../history/list-history.ts";
import { CHARGE_RUN, type ChargeRunProgress } from "./charge-run-job.ts";

interface RunRow extends Record<string, unknown> {
  id: string;
  status: ChargeRun["status"];
  params: string | { through?: string; trigger?: string };
  progress: string | Partial<ChargeRunProgress>;
  attempts: number;
  error: string | null;
  created_at: string | Date;
  started_at: string | Date | null;
  finished_at: string | Date | null;
  user_id: number | null;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  preferred_name: string | null;
}

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());
const json = <T>(v: string | T): T => (typeof v === "string" ? (JSON.parse(v) as T) : v);

/** Charge runs of the organization, newest first, as administrators follow them. */
export async function readChargeRuns(tx: Tx, where: SQL, limit: number): Promise<ChargeRun[]> {
  const { rows } = (await tx.execute(sql`
    select j.id, j.status, j.params, j.progress, j.attempts, j.error, j.created_at, j.started_at, j.finished_at,
      u.id as user_id, u.username, p.first_name, p.last_name, p.preferred_name
    from jobs j
    left join users u on u.organization_id = j.organization_id and u.id = j.requested_by
    left join persons p on p.organization_id = u.organization_id and p.id = u.person_id
    where j.kind = ${CHARGE_RUN} and ${where}
    order by j.created_at desc, j.id
    limit ${limit}`)) as unknown as { rows: RunRow[] };
  return rows.map((r) => {
    const params = json(r.params);
    const p = json(r.progress);
    return {
      id: r.id,
      status: r.status,
      requested_by: r.user_id === null ? null : { id: Number(r.user_id), name: userName(r) },
      created_at: new Date(r.created_at).toISOString(),
      started_at: iso(r.started_at),
      finished_at: iso(r.finished_at),
      attempts: Number(r.attempts),
      error: r.error,
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
