import type { DepositRegister, DepositRegisterQuery, DepositRegisterRow } from "@keyholder/contracts/deposit-register";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { reportDayAndProperty } from "../../lib/reports/report-property.ts";
import { checkReportRows } from "../../lib/reports/report-rows.ts";
import { accountIds, rowsOf } from "../leases/lease-sql.ts";
import { readLeaseFacts } from "../leases/lease-standing.ts";

const n = Number;

/**
 * GET /reports/deposit-register: each lease's lines on the deposit accounts (security and other
 * deposits held, credit-normal) through a day, by the lines' account index; the lines of no lease
 * apart, so rows and remainder add up to the accounts' balance that day.
 */
export async function readDepositRegister(tx: Tx, orgId: string, q: DepositRegisterQuery): Promise<DepositRegister> {
  const { asOf, property } = await reportDayAndProperty(tx, orgId, q);
  const ids = await accountIds(tx, ["security_deposits_held", "other_deposits_held"]);
  const held = await rowsOf<{ lease_id: string | null; security: string; other: string }>(
    tx,
    sql`select jl.lease_id,
        -coalesce(sum(jl.amount_cents) filter (where jl.account_id = ${ids.security_deposits_held}), 0) as security,
        -coalesce(sum(jl.amount_cents) filter (where jl.account_id = ${ids.other_deposits_held}), 0) as other
      from journal_lines jl
      where jl.organization_id = ${orgId}
        and jl.account_id in (${ids.security_deposits_held}, ${ids.other_deposits_held})
        and jl.posted_on <= ${asOf}::date ${property ? sql`and jl.property_id = ${property.id}::uuid` : sql``}
      group by jl.lease_id having sum(jl.amount_cents) <> 0`,
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
