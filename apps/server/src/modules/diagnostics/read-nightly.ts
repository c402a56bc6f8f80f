import { diagnosticsSchema, type NightlyDiagnostics } from "@keyholder/contracts/diagnostics";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { BOOKS_CHECK } from "./books-check-job.ts";

/** The organization's last finished nightly check (row-level security keeps it to the caller's). */
export async function readNightly(tx: Tx): Promise<NightlyDiagnostics> {
  const { rows } = (await tx.execute(sql`
    select result from jobs where kind = ${BOOKS_CHECK} and status = 'succeeded'
    order by created_at desc limit 1`)) as unknown as { rows: { result: unknown }[] };
  const result = rows[0]?.result;
  const parsed = diagnosticsSchema.safeParse(typeof result === "string" ? JSON.parse(result) : result);
  return { last: parsed.success ? parsed.data : null };
}
