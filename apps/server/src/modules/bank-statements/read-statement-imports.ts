import type { StatementImport } from "@keyholder/contracts/bank-statements";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { userName } from "../history/list-history.ts";

interface ImportRow {
  id: string;
  bank_account_id: string;
  file_name: string;
  format: StatementImport["format"];
  first_date: string | null;
  last_date: string | null;
  lines_in_file: number;
  lines_added: number;
  status: "importing" | "done";
  lines_done: number;
  lines_matched: number;
  job_status: string | null;
  job_error: string | null;
  created_date: string | Date;
  user_id: number | null;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  preferred_name: string | null;
}

/**
 * A bank account's statement imports, newest first (the latest 50), or the one named; a background
 * import with its progress, or the reason its job gave up.
 */
export async function readStatementImports(
  tx: Tx,
  orgId: string,
  bankAccountId: string,
  id?: string,
): Promise<StatementImport[]> {
  const { rows } = (await tx.execute(sql`
    select i.id, i.bank_account_id, i.file_name, i.format, i.first_date::text as first_date, i.last_date::text as last_date,
      i.lines_in_file, i.lines_added, i.status, i.lines_done, i.lines_matched, j.status as job_status, j.error as job_error,
      i.created_date, u.id as user_id, u.username, pe.first_name, pe.last_name, pe.preferred_name
    from bank_statement_imports i
    left join jobs j on j.organization_id = i.organization_id and j.id = i.job_id
    left join users u on u.organization_id = i.organization_id and u.id = i.created_by
    left join persons pe on pe.organization_id = u.organization_id and pe.id = u.person_id
    where i.organization_id = ${orgId} and i.bank_account_id = ${bankAccountId} ${id ? sql`and i.id = ${id}` : sql``}
    order by i.created_date desc, i.id
    limit 50`)) as unknown as { rows: ImportRow[] };
  return rows.map((r) => ({
    id: r.id,
    bank_account_id: r.bank_account_id,
    file_name: r.file_name,
    format: r.format,
    first_date: r.first_date,
    last_date: r.last_date,
    lines_in_file: r.lines_in_file,
    lines_added: r.lines_added,
    // A job that gave up leaves its import importing: failed, with the job's reason.
    status: r.status === "importing" && r.job_status === "failed" ? "failed" : r.status,
    lines_done: r.lines_done,
    lines_matched: r.lines_matched,
    error: r.job_error,
    imported_by: r.user_id === null ? null : userName(r),
    imported_at: new Date(r.created_date).toISOString(),
  }));
}
