import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { JobSchedule } from "../../plugins/jobs.ts";
import { rowsOf } from "../leases/lease-sql.ts";
import { REPORT_RUN } from "./report-run-job.ts";

/** How many expired files one tick deletes: the rest wait for the next tick. */
const SWEEP_BATCH = 500;

/**
 * The files of report runs past their week are deleted from the file store, and their runs marked
 * so (`result.deleted`): the store keeps no report nobody can download any more.
 */
export const reportFilesSweep = (app: FastifyInstance): JobSchedule => ({
  name: "report-files",
  async run(tx, now) {
    const expired = await rowsOf<{ organization_id: string; id: string; file_key: string }>(
      tx,
      sql`select organization_id, id, result->>'file_key' as file_key from jobs
        where kind = ${REPORT_RUN} and status = 'succeeded' and result ? 'file_key'
          and not coalesce((result->>'deleted')::boolean, false)
          and (result->>'expires_at')::timestamptz < ${now.toISOString()}::timestamptz
        limit ${SWEEP_BATCH}`,
    );
    for (const run of expired) {
      await app.storage.delete(run.file_key);
      await tx.execute(
        sql`update jobs set result = result || '{"deleted": true}'::jsonb
          where organization_id = ${run.organization_id} and id = ${run.id}`,
      );
    }
  },
});
