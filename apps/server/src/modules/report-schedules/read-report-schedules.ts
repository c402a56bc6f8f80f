import type { FileFormat, ReportSchedule } from "@keyholder/contracts/report-runs";
import { REPORT_CATALOGUE } from "@keyholder/contracts/reports";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { rowsOf } from "../leases/lease-sql.ts";

/** A user's report schedules (`where` on the alias s), oldest first, with the day each is next sent. */
export async function readReportSchedules(tx: Tx, where: SQL): Promise<ReportSchedule[]> {
  const rows = await rowsOf<{
    id: string;
    report: string;
    params: Record<string, string> | string;
    format: FileFormat;
    day_of_month: number;
    is_active: boolean;
    last_period: string | null;
    next_on: string | null;
    created_at: string | Date;
  }>(
    tx,
    sql`select s.id, s.report, s.params, s.format, s.day_of_month, s.is_active, s.last_period::text, s.created_at,
        case when s.is_active then greatest(
          case when s.last_period is null or s.last_period < m.this_month then m.this_month
            else (m.this_month + interval '1 month')::date end + (s.day_of_month - 1),
          t.today)::text end as next_on
      from report_schedules s
      join organizations o on o.id = s.organization_id
      cross join lateral (select (now() at time zone o.time_zone)::date as today) t
      cross join lateral (select date_trunc('month', t.today)::date as this_month) m
      where ${where} order by s.created_at, s.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    report: r.report,
    title: REPORT_CATALOGUE.find((c) => c.id === r.report)?.title ?? r.report,
    params: typeof r.params === "string" ? (JSON.parse(r.params) as Record<string, string>) : r.params,
    format: r.format,
    day_of_month: Number(r.day_of_month),
    is_active: r.is_active,
    last_period: r.last_period,
    next_on: r.next_on,
    created_at: new Date(r.created_at).toISOString(),
  }));
}
