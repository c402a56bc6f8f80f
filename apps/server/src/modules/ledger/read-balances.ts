import { monthEnd, monthStart } from "@keyholder/contracts/civil-date";
import { sql } from "drizzle-orm";
import { isScoped, type Tx } from "../../db/client.ts";

/**
 * Each account's balance (debits minus credits) at the end of a day, read from the maintained
 * balances (decision 027), never by summing the ledger: the months before the day's month from the
 * per-month rows, and that month from its row when the day is its last, else from its per-day rows
 * up to the day (at most 30 a month; a busy account's month is a million lines). A user of some
 * properties reads the per-property rows, so only their properties' money (decision 019), and the
 * partial month from the lines of their properties; so does a report of one property (`propertyId`).
 * Without `asOf`: everything posted so far, dated whenever.
 */
export async function readAccountBalances(
  tx: Tx,
  orgId: string,
  asOf?: string,
  propertyId?: string,
): Promise<Map<number, number>> {
  const byProperty = isScoped(tx) || propertyId !== undefined;
  const table = byProperty ? sql`ledger_property_balances` : sql`ledger_account_balances`;
  const ofProperty = propertyId === undefined ? sql`` : sql`and property_id = ${propertyId}::uuid`;
  const lineOfProperty = propertyId === undefined ? sql`` : sql`and l.property_id = ${propertyId}::uuid`;
  const whole = asOf === undefined || asOf === monthEnd(asOf);
  const month = asOf === undefined ? null : monthStart(asOf);
  const { rows } = (await tx.execute(sql`
    select a.id as account_id, coalesce(b.net, 0) + coalesce(d.net, 0) as net
    from ledger_accounts a
    left join (
      select account_id, sum(debit_cents - credit_cents) as net from ${table}
      where organization_id = ${orgId} ${ofProperty}
        ${month === null ? sql`` : whole ? sql`and period_start <= ${month}` : sql`and period_start < ${month}`}
      group by account_id
    ) b on b.account_id = a.id
    left join lateral (
      select ${byProperty ? sql`sum(l.amount_cents)` : sql`sum(l.debit_cents - l.credit_cents)`} as net
      from ${byProperty ? sql`journal_lines` : sql`ledger_account_day_balances`} l
      where ${
        whole
          ? sql`false`
          : sql`l.organization_id = a.organization_id and l.account_id = a.id
        and l.posted_on >= ${month}::date and l.posted_on <= ${asOf ?? null}::date ${lineOfProperty}`
      }
    ) d on true
    where a.organization_id = ${orgId}`)) as unknown as { rows: { account_id: number; net: string | number }[] };
  return new Map(rows.map((r) => [Number(r.account_id), Number(r.net)]));
}
