import type { DepositRegister, DepositRegisterQuery, DepositRegisterRow } from "@keyholder/contracts/deposit-register";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { byName, inProperties, propertyBatches } from "../../lib/reports/property-batches.ts";
import { readAhead } from "../../lib/reports/read-ahead.ts";
import type { ReportDocument } from "../../lib/reports/report-document.ts";
import { propertyCondition, reportDayAndProperty } from "../../lib/reports/report-property.ts";
import { checkReportRows } from "../../lib/reports/report-rows.ts";
import { DEPOSIT_ROLES, leaseFiguresAfter } from "../leases/lease-figures-after.ts";
import { rowsOf } from "../leases/lease-sql.ts";
import { readLeaseFacts } from "../leases/lease-standing.ts";
import { depositRegisterFile } from "./deposit-register-document.ts";

const n = Number;

/**
 * GET /reports/deposit-register: each lease's deposits held (security and other, credit-normal) at
 * the end of a day, kept as lines are posted (migration 0079) so today's register reads no history;
 * the lines of no lease apart, so rows and remainder add up to the accounts' balance that day.
 */
export async function readDepositRegister(tx: Tx, orgId: string, q: DepositRegisterQuery): Promise<DepositRegister> {
  const { asOf, property } = await reportDayAndProperty(tx, orgId, q);
  const inProperty = propertyCondition(property);
  const rows = await readDepositRows(tx, orgId, asOf, inProperty);
  const sum = (pick: (r: DepositRegisterRow) => number) => rows.reduce((s, r) => s + pick(r), 0);
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
    not_on_a_lease_cents: await readHeldOnNoLease(tx, orgId, asOf, inProperty),
  };
}

/** The register of any size as its file, written as it is read: its properties in batches (issue 30 item 7). */
export async function streamDepositRegister(
  tx: Tx,
  orgId: string,
  q: DepositRegisterQuery,
  o: { batchRows: number },
): Promise<ReportDocument> {
  const { asOf, property } = await reportDayAndProperty(tx, orgId, q);
  const inProperty = propertyCondition(property);
  const batches = await propertyBatches(tx, orgId, inProperty, "leases", o.batchRows);
  async function* rows() {
    for await (const part of readAhead(batches, (ids) => readDepositRows(tx, orgId, asOf, inProperties(ids))))
      yield* part;
  }
  return depositRegisterFile({ as_of: asOf, property }, rows(), () => readHeldOnNoLease(tx, orgId, asOf, inProperty));
}

/**
 * The leases of `inProperty` holding deposits at the end of the day, in the register's order
 * (properties by name, then leases by number): each lease's kept deposits less the lines posted
 * after the day.
 */
async function readDepositRows(
  tx: Tx,
  orgId: string,
  asOf: string,
  inProperty: (column: string) => SQL,
): Promise<DepositRegisterRow[]> {
  const held = await rowsOf<{ lease_id: string; security: string; other: string }>(
    tx,
    sql`
    select b.lease_id, b.security_deposit_cents + coalesce(after.security, 0) as security,
      b.other_deposits_cents + coalesce(after.other, 0) as other
    from lease_balances b
    left join (${leaseFiguresAfter(orgId, asOf, inProperty)}) after on after.lease_id = b.lease_id
    where b.organization_id = ${orgId} ${inProperty("b.property_id")}
      and b.security_deposit_cents + coalesce(after.security, 0) + b.other_deposits_cents + coalesce(after.other, 0) <> 0`,
  );
  checkReportRows(tx, held.length);
  const facts = await readLeaseFacts(
    tx,
    orgId,
    held.map((h) => h.lease_id),
    asOf,
  );
  return held
    .flatMap((h) => {
      const l = facts.get(h.lease_id);
      if (!l) return [];
      const [security, other] = [n(h.security), n(h.other)];
      return [{ ...l, security_cents: security, other_cents: other, held_cents: security + other }];
    })
    .sort(
      (a, b) =>
        byName.compare(a.property.name, b.property.name) ||
        a.property.id.localeCompare(b.property.id) ||
        a.lease.lease_no - b.lease.lease_no,
    );
}

/** Deposits held on lines of no lease through the day (a partial index of those few lines). */
async function readHeldOnNoLease(tx: Tx, orgId: string, asOf: string, inProperty: (column: string) => SQL) {
  const [loose] = await rowsOf<{ cents: string }>(
    tx,
    sql`select coalesce(-sum(jl.amount_cents), 0) as cents from journal_lines jl
      join ledger_accounts a on a.organization_id = jl.organization_id and a.id = jl.account_id and a.role in ${DEPOSIT_ROLES}
      where jl.organization_id = ${orgId} and jl.lease_id is null and jl.posted_on <= ${asOf}::date
        ${inProperty("jl.property_id")}`,
  );
  return n(loose?.cents ?? 0);
}
