import { monthEnd, monthStart } from "@keyholder/contracts/civil-date";
import { type SQL, sql } from "drizzle-orm";

/** The accounts of the deposits a lease holds (credit-normal), by role: `a.role in ${DEPOSIT_ROLES}`. */
export const DEPOSIT_ROLES = sql`('security_deposits_held', 'other_deposits_held')`;

/**
 * Each lease's lines posted after a day, summed (raw, debits positive) on its ledger and on the
 * security and other deposit accounts: what a report of that day takes off the lease's kept
 * balance and deposits (lease_balances). The months after the day's own come from the kept month
 * rows (lease_month_balances, decision 048), the rest of its month from the lines (the property
 * index reads less than a month of them), so a report of a year ago never reads a year of lines.
 * `inProperty` is the report's condition on its properties.
 */
export function leaseFiguresAfter(orgId: string, asOf: string, inProperty: (column: string) => SQL): SQL {
  return sql`
    select lease_id, sum(ledger) as ledger, sum(security) as security, sum(other) as other from (
      select m.lease_id, m.ledger_cents as ledger, m.security_deposit_cents as security, m.other_deposits_cents as other
      from lease_month_balances m
      where m.organization_id = ${orgId} and m.month > ${monthStart(asOf)}::date ${inProperty("m.property_id")}
      union all
      select jl.lease_id, case when a.lease_ledger then jl.amount_cents else 0 end,
        case when a.role = 'security_deposits_held' then jl.amount_cents else 0 end,
        case when a.role = 'other_deposits_held' then jl.amount_cents else 0 end
      from journal_lines jl
      join ledger_accounts a on a.organization_id = jl.organization_id and a.id = jl.account_id
        and (a.lease_ledger or a.role in ${DEPOSIT_ROLES})
      where jl.organization_id = ${orgId} and jl.lease_id is not null ${inProperty("jl.property_id")}
        and jl.posted_on > ${asOf}::date and jl.posted_on <= ${monthEnd(asOf)}::date
    ) x group by lease_id`;
}
