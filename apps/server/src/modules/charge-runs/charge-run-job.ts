import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { ClaimedJob } from "../../lib/jobs/job-store.ts";
import type { JobHandler, JobTools } from "../../plugins/jobs.ts";
import type { BatchStep } from "./batch-step.ts";
import { postCharges } from "./post-charges.ts";
import { postLateFees } from "./post-late-fees.ts";

export const CHARGE_RUN = "charge-run";
/** Advisory-lock namespace: one charge-run step of an organization at a time, on any server. */
const CHARGE_RUN_LOCK = 27_002;

export interface ChargeRunProgress extends Record<string, unknown> {
  phase: "charges" | "late_fees" | "done";
  cursor: string | null;
  charges_total: number;
  charges_done: number;
  charges: number;
  charges_cents: number;
  late_fees: number;
  late_fees_cents: number;
  skipped_closed_periods: number;
}

const start = (total: number): ChargeRunProgress => ({
  phase: "charges",
  cursor: null,
  charges_total: total,
  charges_done: 0,
  charges: 0,
  charges_cents: 0,
  late_fees: 0,
  late_fees_cents: 0,
  skipped_closed_periods: 0,
});

async function accountsByRole(tx: Tx, orgId: string) {
  const { rows } = (await tx.execute(sql`
    select role, id from ledger_accounts
    where organization_id = ${orgId} and role in ('accounts_receivable', 'late_fee_income')`)) as unknown as {
    rows: { role: string; id: number }[];
  };
  const of = (role: string) => {
    const id = rows.find((r) => r.role === role)?.id;
    if (id === undefined) throw new Error(`the organization has no ${role} account`);
    return Number(id);
  };
  return { receivables: of("accounts_receivable"), lateFees: of("late_fee_income") };
}

const NOTHING: BatchStep = { cursor: null, considered: 0, posted: 0, postedCents: 0, skipped: 0 };

/**
 * Whether a phase about to start has nothing due, from the index of the day each charge can next be
 * due: then the phase reads no batch. A second run of a day answers here, where its batch would read
 * every charge of the organization in the run's order to find none (seconds at 950,000 leases).
 */
async function nothingDue(tx: Tx, q: { orgId: string; through: string }, p: ChargeRunProgress) {
  if (p.cursor !== null) return false;
  const { rows } = (await tx.execute(
    p.phase === "charges"
      ? sql`select exists (select 1 from recurring_charges
          where organization_id = ${q.orgId} and charge_from <= ${q.through}::date) as due`
      : sql`select exists (select 1 from recurring_charges
          where organization_id = ${q.orgId} and late_fee_from <= ${q.through}::date) as due`,
  )) as unknown as { rows: { due: boolean }[] };
  return !rows[0]?.due;
}

/** The progress after one step: counts added, the cursor moved, the next phase when the batch was the last. */
function advance(p: ChargeRunProgress, step: BatchStep, size: number): ChargeRunProgress {
  const last = step.considered < size;
  const next: ChargeRunProgress = { ...p, cursor: last ? null : step.cursor };
  next.skipped_closed_periods += step.skipped;
  if (p.phase === "charges") {
    next.charges_done = Math.min(p.charges_total, p.charges_done + step.considered);
    next.charges += step.posted;
    next.charges_cents += step.postedCents;
    if (last) next.phase = "late_fees";
  } else {
    next.late_fees += step.posted;
    next.late_fees_cents += step.postedCents;
    if (last) next.phase = "done";
  }
  return next;
}

/**
 * The charge run (issue 27, item 6): every recurring charge and late fee due on or before `through`,
 * each month exactly once, in set-based batches (one statement posts a batch). Each batch commits
 * with the run's progress, under an advisory lock of the organization, so two runs never interleave
 * and a run resumed after a crash continues after its last batch; the keys make a repeated batch
 * post nothing.
 */
export function chargeRunHandler(batchSize: () => number): JobHandler {
  return {
    kind: CHARGE_RUN,
    async run(job: ClaimedJob, tools: JobTools) {
      const through = String(job.params.through);
      const size = batchSize();
      let progress = job.progress as ChargeRunProgress;
      if (!progress.phase) {
        progress = await tools.checkpoint(async (tx) => {
          const { rows } = (await tx.execute(sql`
            select count(*) as total from recurring_charges
            where organization_id = ${job.orgId} and charge_from <= ${through}::date`)) as unknown as {
            rows: { total: string | number }[];
          };
          const first = start(Number(rows[0]?.total ?? 0));
          return { value: first, progress: first };
        });
      }
      while (progress.phase !== "done") {
        if (tools.stopping()) return { done: false };
        const current = progress;
        progress = await tools.checkpoint(async (tx) => {
          // A batch's statement is costed high (its estimates are of a million rows), and PostgreSQL's JIT
          // compiled it every time for seconds more than it ran (measured): off for these transactions.
          await tx.execute(
            sql`select set_config('jit', 'off', true), pg_advisory_xact_lock(${CHARGE_RUN_LOCK}, hashtext(${job.orgId}))`,
          );
          const accounts = await accountsByRole(tx, job.orgId);
          const q = { orgId: job.orgId, through, cursor: current.cursor, size, ...accounts };
          const step = (await nothingDue(tx, q, current))
            ? NOTHING
            : current.phase === "charges"
              ? await postCharges(tx, q)
              : await postLateFees(tx, q);
          const next = advance(current, step, size);
          return { value: next, progress: next };
        });
      }
      const { phase: _phase, cursor: _cursor, ...result } = progress;
      return { done: true, result };
    },
  };
}
