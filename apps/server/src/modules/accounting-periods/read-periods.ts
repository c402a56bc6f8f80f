import type { AccountingPeriod } from "@keyholder/contracts/ledger";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { userName } from "../history/list-history.ts";

interface PeriodRow extends Record<string, unknown> {
  id: string;
  starts_on: string;
  ends_on: string;
  status: AccountingPeriod["status"];
  closed_at: string | Date | null;
  user_id: number | null;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  preferred_name: string | null;
}

/** Accounting periods, latest month first, with who closed them. */
export async function readPeriods(tx: Tx, where: SQL): Promise<AccountingPeriod[]> {
  const { rows } = (await tx.execute(sql`
    select a.id, a.starts_on::text as starts_on, a.ends_on::text as ends_on, a.status, a.closed_at,
      u.id as user_id, u.username, p.first_name, p.last_name, p.preferred_name
    from accounting_periods a
    left join users u on u.organization_id = a.organization_id and u.id = a.closed_by
    left join persons p on p.organization_id = u.organization_id and p.id = u.person_id
    where ${where}
    order by a.starts_on desc`)) as unknown as { rows: PeriodRow[] };
  return rows.map((r) => ({
    id: r.id,
    starts_on: r.starts_on,
    ends_on: r.ends_on,
    status: r.status,
    closed_at: r.closed_at === null ? null : new Date(r.closed_at).toISOString(),
    closed_by: r.user_id === null ? null : { id: Number(r.user_id), name: userName(r) },
  }));
}
