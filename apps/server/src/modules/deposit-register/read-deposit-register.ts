import type { DepositRegister, DepositRegisterQuery, DepositRegisterRow } from "@keyholder/contracts/deposit-register";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { propertyCondition, reportDayAndProperty } from "../../lib/reports/report-property.ts";
import { checkReportRows } from "../../lib/reports/report-rows.ts";
import { rowsOf } from "../leases/lease-sql.ts";
import { readLeaseFacts } from "../leases/lease-standing.ts";

const n = Number;

/**
 * GET /reports/deposit-register: each lease's deposits held (security and other, credit-normal) at
 * the end of a day, kept as lines are posted (migration 0079) so today's register reads no history;
 * the lines of no lease apart, so rows and remainder add up to the accounts' balance that day.
 */
export async function readDepositRegister(tx: Tx, orgId: string, q: DepositRegisterQuery): Promise<DepositRegister> {
  const { asOf, property } = await reportDayAndProperty(tx, orgId, q);
  const inProperty = propertyCondition(property);
  // Each lease's deposits kept (lease_balances) less the lines posted after the day, and the lines
  // of no lease (a partial index of those few) through it.
  const held = await rowsOf<{ lease_id: string | null; security: string; other: string }>(
    tx,
    sql`
    select b.lease_id, b.security_deposit_cents + coalesce(after.security, 0) as security,
      b.other_deposits_cents + coalesce(after.other, 0) as other
    from lease_balances b
    left join (
      select jl.lease_id, sum(jl.amount_cents) filter (where a.role = 'security_deposits_held') as security,
        sum(jl.amount_cents) filter (where a.role = 'other_deposits_held') as other
      from journal_lines jl
      join ledger_accounts a on a.organization_id = jl.organization_id and a.id = jl.account_id
        and a.role in ('security_deposits_held', 'other_deposits_held')
      where jl.organization_id = ${orgId} and jl.posted_on > ${asOf}::date and jl.lease_id is not null
        ${inProperty("jl.property_id")}
      group by jl.lease_id
    ) after on after.lease_id = b.lease_id
    where b.organization_id = ${orgId} ${inProperty("b.property_id")}
      and b.security_deposit_cents + coalesce(after.security, 0) + b.other_deposits_cents + coalesce(after.other, 0) <> 0
    union all
    select null, coalesce(-sum(jl.amount_cents) filter (where a.role = 'security_deposits_held'), 0),
      coalesce(-sum(jl.amount_cents) filter (where a.role = 'other_deposits_held'), 0)
    from journal_lines jl
    join ledger_accounts a on a.organization_id = jl.organization_id and a.id = jl.account_id
      and a.role in ('security_deposits_held', 'other_deposits_held')
    where jl.organization_id = ${orgId} and jl.lease_id is null and jl.posted_on <= ${asOf}::date
      ${inProperty("jl.property_id")}`,
  );
  const onLeases = held.filter((h) => h.lease_id !== null);
  checkReportRows(tx, onLeases.length);
  const facts = await readLeaseFacts(
    tx,
    orgId,
    onLeases.map((h) => h.lease_id as string),
    asOf,
  );
  const rows: DepositRegisterRow[] = onLeases
    .flatMap((h) => {
      const l = h.lease_id ? facts.get(h.lease_id) : undefined;
      if (!l) return [];
      const [security, other] = [n(h.security), n(h.other)];
      return [{ ...l, security_cents: security, other_cents: other, held_cents: security + other }];
    })
    .sort((a, b) => a.property.name.localeCompare(b.property.name) || a.lease.lease_no - b.lease.lease_no);
  const sum = (pick: (r: DepositRegisterRow) => number) => rows.reduce((s, r) => s + pick(r), 0);
  const loose = held.find((h) => h.lease_id === null);
  return {
    as_of: asOf,
    property,
    rows,
    totals: {
      leases: rows.length,
      security_cents: sum((r) => r.security_cents),
      other_cents: sum((r) => r.other_cents),
      held_cents: sum((r) => r.held_cents),
    },
    not_on_a_lease_cents: loose ? n(loose.security) + n(loose.other) : 0,
  };
}
