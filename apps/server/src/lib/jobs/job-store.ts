import { sql } from "drizzle-orm";
import { asSystem, type Database, type Tx } from "../../db/client.ts";

/** A job as its worker holds it. */
export interface ClaimedJob {
  orgId: string;
  id: string;
  kind: string;
  params: Record<string, unknown>;
  /** The last checkpoint's progress: where a resumed job picks up. */
  progress: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
}

export interface NewJob {
  orgId: string;
  kind: string;
  params: Record<string, unknown>;
  /** A second job with the same key in the organization is not created. */
  dedupeKey?: string | null;
  requestedBy?: number | null;
}

type Rows<T> = { rows: T[] };
const json = (value: unknown) => JSON.stringify(value);
const parsed = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value) as Record<string, unknown>;

/**
 * Queues a job in the caller's transaction (so it exists only if what asked for it commits).
 * Returns its id, or null when its dedupe key was taken already.
 */
export async function enqueueJob(tx: Tx, job: NewJob): Promise<string | null> {
  const { rows } = (await tx.execute(sql`
    insert into jobs (organization_id, kind, params, dedupe_key, requested_by)
    values (${job.orgId}, ${job.kind}, ${json(job.params)}::jsonb, ${job.dedupeKey ?? null}, ${job.requestedBy ?? null})
    on conflict (organization_id, dedupe_key) where dedupe_key is not null do nothing
    returning id`)) as unknown as Rows<{ id: string }>;
  return rows[0]?.id ?? null;
}

/**
 * Claims the next due job of the given kinds, across organizations: one queued, or running under a
 * lease that ran out (its server stopped answering). SKIP LOCKED: two workers never wait for, nor
 * take, the same row.
 */
export async function claimJob(
  db: Database,
  q: { kinds: readonly string[]; worker: string; leaseSeconds: number },
): Promise<ClaimedJob | null> {
  if (q.kinds.length === 0) return null;
  const kinds = `{${q.kinds.join(",")}}`;
  const { rows } = (await asSystem(db, (tx) =>
    tx.execute(sql`
      update jobs j set status = 'running', attempts = j.attempts + 1, locked_by = ${q.worker},
        locked_until = now() + ${q.leaseSeconds}::int * interval '1 second',
        started_at = coalesce(j.started_at, now()), updated_at = now()
      from (
        select organization_id, id from jobs
        where status in ('queued', 'running') and run_after <= now() and kind = any(${kinds}::text[])
          and (status = 'queued' or locked_until < now())
        order by run_after, created_at
        limit 1
        for update skip locked
      ) due
      where j.organization_id = due.organization_id and j.id = due.id
      returning j.organization_id, j.id, j.kind, j.params, j.progress, j.attempts, j.max_attempts`),
  )) as unknown as Rows<{
    organization_id: string;
    id: string;
    kind: string;
    params: unknown;
    progress: unknown;
    attempts: number;
    max_attempts: number;
  }>;
  const row = rows[0];
  if (!row) return null;
  return {
    orgId: row.organization_id,
    id: row.id,
    kind: row.kind,
    params: parsed(row.params),
    progress: parsed(row.progress),
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
  };
}

/**
 * Saves progress in the transaction of the work it describes and renews the lease. False when this
 * worker no longer holds the job (its lease ran out and another took it over): the caller must then
 * roll its work back.
 */
export async function saveProgress(
  tx: Tx,
  job: ClaimedJob,
  q: { worker: string; leaseSeconds: number; progress: Record<string, unknown> },
): Promise<boolean> {
  const { rows } = (await tx.execute(sql`
    update jobs set progress = ${json(q.progress)}::jsonb, updated_at = now(),
      locked_until = now() + ${q.leaseSeconds}::int * interval '1 second'
    where organization_id = ${job.orgId} and id = ${job.id} and locked_by = ${q.worker} and status = 'running'
    returning id`)) as unknown as Rows<{ id: string }>;
  return rows.length === 1;
}

const held = (job: ClaimedJob, worker: string) =>
  sql`organization_id = ${job.orgId} and id = ${job.id} and locked_by = ${worker} and status = 'running'`;

export async function finishJob(db: Database, job: ClaimedJob, worker: string, result: Record<string, unknown>) {
  await asSystem(db, (tx) =>
    tx.execute(sql`
      update jobs set status = 'succeeded', result = ${json(result)}::jsonb, error = null, finished_at = now(),
        updated_at = now(), locked_by = null, locked_until = null
      where ${held(job, worker)}`),
  );
}

/**
 * A failed try: queued again after a pause that doubles each time (from 5 s up to 10 min), resuming
 * from its last checkpoint, until it has had its tries; then failed for good. A refusal (JobRefusal)
 * fails for good at once.
 */
export async function failJob(db: Database, job: ClaimedJob, worker: string, error: string, refused = false) {
  const final = refused || job.attempts >= job.maxAttempts;
  const delay = Math.min(600, 5 * 2 ** (job.attempts - 1));
  await asSystem(db, (tx) =>
    tx.execute(sql`
      update jobs set error = ${error.slice(0, 500)}, updated_at = now(), locked_by = null, locked_until = null,
        status = ${final ? "failed" : "queued"},
        finished_at = ${final ? sql`now()` : sql`null`},
        run_after = now() + ${final ? 0 : delay}::int * interval '1 second'
      where ${held(job, worker)}`),
  );
}

/** The server is stopping: the job goes back to the queue at once (a stop is not a failed try). */
export async function releaseJob(db: Database, job: ClaimedJob, worker: string) {
  await asSystem(db, (tx) =>
    tx.execute(sql`
      update jobs set status = 'queued', attempts = greatest(attempts - 1, 0), updated_at = now(),
        locked_by = null, locked_until = null
      where ${held(job, worker)}`),
  );
}
