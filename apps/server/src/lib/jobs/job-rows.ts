import type { JobStatus } from "@keyholder/contracts/jobs";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";

/** A jobs row as its readers get it, with who asked for it. */
export interface JobRow {
  id: string;
  status: JobStatus;
  params: Record<string, unknown>;
  progress: Record<string, unknown>;
  result: Record<string, unknown> | null;
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

const json = (v: unknown) =>
  typeof v === "string" ? (JSON.parse(v) as Record<string, unknown>) : (v as Record<string, unknown>);

/** Jobs of a kind, newest first, with the requester's name (`where` on the alias j). */
export async function readJobRows(tx: Tx, kind: string, where: SQL, limit: number): Promise<JobRow[]> {
  const { rows } = (await tx.execute(sql`
    select j.id, j.status, j.params, j.progress, j.result, j.attempts, j.error, j.created_at, j.started_at,
      j.finished_at, u.id as user_id, u.username, p.first_name, p.last_name, p.preferred_name
    from jobs j
    left join users u on u.organization_id = j.organization_id and u.id = j.requested_by
    left join persons p on p.organization_id = u.organization_id and p.id = u.person_id
    where j.kind = ${kind} and ${where}
    order by j.created_at desc, j.id
    limit ${limit}`)) as unknown as { rows: JobRow[] };
  return rows.map((r) => ({
    ...r,
    params: json(r.params),
    progress: json(r.progress),
    result: r.result === null ? null : json(r.result),
  }));
}

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

/** What every job shows (contracts' jobFields) of a row; `name` says who asked. */
export const jobFieldsOf = (r: JobRow, name: (r: JobRow) => string) => ({
  id: r.id,
  status: r.status,
  requested_by: r.user_id === null ? null : { id: Number(r.user_id), name: name(r) },
  created_at: new Date(r.created_at).toISOString(),
  started_at: iso(r.started_at),
  finished_at: iso(r.finished_at),
  attempts: Number(r.attempts),
  error: r.error,
});
