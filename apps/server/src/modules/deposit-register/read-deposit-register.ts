import type { LeaseStanding } from "@keyholder/contracts/delinquency";
import type { DepositRegister, DepositRegisterQuery, DepositRegisterRow } from "@keyholder/contracts/deposit-register";
import { REPORT_MAX_ROWS, reportMessages } from "@keyholder/contracts/reports";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { badRequest } from "../../lib/http-error.ts";
import { readReportProperty } from "../../lib/reports/report-property.ts";
import { accountIds, orgToday, rowsOf } from "../leases/lease-sql.ts";
import { leaseStandingSql } from "../leases/lease-standing.ts";

const n = Number;

/**
 * GET /reports/deposit-register: each lease's lines on the deposit accounts (security and other
 * deposits held, credit-normal) through a day, by the lines' account index; the lines of no lease
 * apart, so rows and remainder add up to the accounts' balance that day.
 */
export async function readDepositRegister(tx: Tx, orgId: string, q: DepositRegisterQuery): Promise<DepositRegister> {
  const asOf = q.as_of ?? (await orgToday(tx, orgId));
  const property = q.property_id ? await readReportProperty(tx, orgId, q.property_id) : null;
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
  if (onLeases.length > REPORT_MAX_ROWS) throw badRequest(reportMessages.tooLarge(onLeases.length, REPORT_MAX_ROWS));
  const leaseIds = `{${onLeases.map((h) => h.lease_id).join(",")}}`;
  const leases = onLeases.length
    ? await rowsOf<{
        id: string;
        lease_no: string;
        property_id: string;
        property_name: string;
        unit_names: string;
        tenant_names: string;
        standing: LeaseStanding;
      }>(
        tx,
        sql`select le.id, le.lease_no, le.property_id, le.property_name, le.unit_names, le.tenant_names,
          ${leaseStandingSql("le", asOf)} as standing
        from leases le where le.organization_id = ${orgId} and le.id = any(${leaseIds}::uuid[])`,
      )
    : [];
  const leaseOf = new Map(leases.map((l) => [l.id, l]));
  const rows: DepositRegisterRow[] = onLeases
    .flatMap((h) => {
      const l = h.lease_id ? leaseOf.get(h.lease_id) : undefined;
      if (!l) return [];
      return [
        {
          lease: { id: l.id, lease_no: n(l.lease_no) },
          property: { id: l.property_id, name: l.property_name },
          unit_names: l.unit_names,
          tenant_names: l.tenant_names,
          standing: l.standing,
          security_cents: n(h.security),
          other_cents: n(h.other),
          held_cents: n(h.security) + n(h.other),
        },
      ];
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
