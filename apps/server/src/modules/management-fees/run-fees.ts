import { randomUUID } from "node:crypto";
import { isWholeMonths } from "@keyholder/contracts/civil-date";
import { type CreateFeeRun, type FeeRun, ownerMessages, WHOLE_SHARE_BP } from "@keyholder/contracts/owners";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { badRequest, HttpError } from "../../lib/http-error.ts";
import { violates } from "../../lib/violates.ts";
import { type NewEntry, postEntries } from "../ledger/post-entries.ts";
import { refuseScoped, rowsOf } from "../owners/owner-rows.ts";

interface Managed {
  property_id: string;
  property_name: string;
  fee_percent_bp: number;
  flat_per_property_cents: string | number;
  flat_per_unit_cents: string | number;
  minimum_cents: string | number;
  income_cents: string | number;
  units: string | number;
}

/** A percent of an amount in cents, half up, exact (cents times basis points outgrow a float). */
export function percentOf(cents: number, bp: number): number {
  if (cents <= 0 || bp <= 0) return 0;
  return Number((BigInt(cents) * BigInt(bp) + BigInt(WHOLE_SHARE_BP / 2)) / BigInt(WHOLE_SHARE_BP));
}

/** The fee of a property for a period by its agreement: the percent and flat parts, at least the minimum. */
export function feeOf(m: Managed): number {
  const fee =
    percentOf(Number(m.income_cents), Number(m.fee_percent_bp)) +
    Number(m.flat_per_property_cents) +
    Number(m.flat_per_unit_cents) * Number(m.units);
  return Math.max(fee, Number(m.minimum_cents));
}

/** The cash account of the first active bank account of a kind, else the kind's system cash account. */
async function cashAccount(tx: Tx, orgId: string, kind: "trust" | "operating") {
  const [row] = rowsOf<{ id: number }>(
    await tx.execute(sql`
      select coalesce(
        (select ledger_account_id from bank_accounts where organization_id = ${orgId} and kind = ${kind} and is_active
          order by created_date, id limit 1),
        (select id from ledger_accounts where organization_id = ${orgId} and role = ${`${kind}_cash`})) as id`),
  );
  return Number(row?.id);
}

/**
 * POST /management-fee-runs: each property's management fee for whole months by the agreement in
 * force over them: the percent of the income on its chosen accounts in those months, collected (cash
 * basis: the balances less what went through receivables plus what tenants paid of it) or posted, as
 * the agreement says (read from the maintained monthly rows, never the lines), the flat amounts, at
 * least the minimum.
 * Posted once per property and period: the fee comes out of the property's trust cash into the
 * company's operating cash (D management fees and C trust cash of the property; D operating cash,
 * C management fee income of the company). A property's fee periods never overlap: a run over days
 * already charged is refused whole, naming the property (409).
 */
export async function runFees(tx: Tx, actor: Actor, input: CreateFeeRun): Promise<FeeRun> {
  refuseScoped(tx);
  const orgId = actor.orgId;
  const { period_start: start, period_end: end } = input;
  if (!isWholeMonths(start, end)) {
    throw badRequest(ownerMessages.feePeriod, { period_start: [ownerMessages.feePeriod] });
  }
  const [charged] = rowsOf<{ name: string }>(
    await tx.execute(sql`
      select p.name from management_fees f join properties p on p.organization_id = f.organization_id and p.id = f.property_id
      where f.organization_id = ${orgId} and f.period_start <= ${end} and f.period_end >= ${start}
      order by p.name limit 1`),
  );
  if (charged) throw new HttpError(409, "FEE_CHARGED", ownerMessages.feeOverlap(charged.name));
  const managed = rowsOf<Managed>(
    await tx.execute(sql`
      select a.property_id, p.name as property_name, a.fee_percent_bp, a.flat_per_property_cents, a.flat_per_unit_cents,
        a.minimum_cents,
        coalesce((select sum(b.credit_cents - b.debit_cents) from ledger_property_balances b
          where b.organization_id = a.organization_id and b.property_id = a.property_id
            and b.account_id = any(a.fee_account_ids) and b.period_start between ${start} and ${end}), 0)
        + case when a.fee_basis = 'collected' then
            coalesce((select sum(c.collected_cents - c.receivable_cents) from ledger_property_cash_basis c
              where c.organization_id = a.organization_id and c.property_id = a.property_id
                and c.account_id = any(a.fee_account_ids) and c.period_start between ${start} and ${end}), 0)
          else 0 end as income_cents,
        (select count(*) from units u where u.organization_id = a.organization_id and u.property_id = a.property_id) as units
      from management_agreements a join properties p on p.organization_id = a.organization_id and p.id = a.property_id
      where a.organization_id = ${orgId} and a.starts_on <= ${start} and (a.ends_on is null or a.ends_on >= ${end})
      order by p.name, a.property_id`),
  );
  if (managed.length === 0)
    throw badRequest(ownerMessages.noAgreements, { period_start: [ownerMessages.noAgreements] });
  const [accounts] = rowsOf<{ expense: number; income: number }>(
    await tx.execute(sql`
      select (select id from ledger_accounts where organization_id = ${orgId} and role = 'management_fees') as expense,
        coalesce((select id from ledger_accounts where organization_id = ${orgId} and code = '4600' and type = 'income'),
          (select id from ledger_accounts where organization_id = ${orgId} and role = 'other_income')) as income`),
  );
  const trust = await cashAccount(tx, orgId, "trust");
  const operating = await cashAccount(tx, orgId, "operating");
  const runId = randomUUID();
  const fees = managed.map((m) => ({ m, fee: feeOf(m) }));
  const entries: NewEntry[] = fees
    .filter((f) => f.fee > 0)
    .map(({ m, fee }) => ({
      postedOn: end,
      memo: `Management fee ${start} to ${end}: ${m.property_name}`,
      source: "management_fee",
      idempotencyKey: `management-fee:${m.property_id}:${start}`,
      createdBy: actor.userId,
      lines: [
        { accountId: Number(accounts?.expense), amountCents: fee, propertyId: m.property_id },
        { accountId: trust, amountCents: -fee, propertyId: m.property_id },
        { accountId: operating, amountCents: fee },
        { accountId: Number(accounts?.income), amountCents: -fee },
      ],
    }));
  // In batches: one statement per 500 properties keeps a run of 10,000 to a few statements.
  for (let at = 0; at < entries.length; at += 500) await postEntries(tx, orgId, entries.slice(at, at + 500));
  const rows = fees.map(({ m, fee }) => ({
    property_id: m.property_id,
    income_cents: Number(m.income_cents),
    fee_cents: fee,
    key: fee > 0 ? `management-fee:${m.property_id}:${start}` : null,
  }));
  try {
    await tx.execute(sql`
      insert into management_fees (organization_id, run_id, property_id, period_start, period_end, income_cents, fee_cents, entry_id)
      select ${orgId}, ${runId}, r.property_id, ${start}, ${end}, r.income_cents, r.fee_cents, e.id
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(property_id uuid, income_cents bigint, fee_cents bigint, key text)
      left join journal_entries e on e.organization_id = ${orgId} and e.idempotency_key = r.key`);
  } catch (err) {
    if (violates(err, "23P01", "management_fees_no_overlap")) {
      throw new HttpError(409, "FEE_CHARGED", ownerMessages.feeOverlap("A property"));
    }
    throw err;
  }
  const posted = rowsOf<{ property_id: string; entry_id: string | null }>(
    await tx.execute(
      sql`select property_id, entry_id from management_fees where organization_id = ${orgId} and run_id = ${runId}`,
    ),
  );
  const entryOf = new Map(posted.map((p) => [p.property_id, p.entry_id === null ? null : Number(p.entry_id)]));
  return {
    run_id: runId,
    period_start: start,
    period_end: end,
    fees: fees.map(({ m, fee }) => ({
      property: { id: m.property_id, name: m.property_name },
      income_cents: Number(m.income_cents),
      fee_cents: fee,
      entry_id: entryOf.get(m.property_id) ?? null,
    })),
    total_cents: fees.reduce((s, f) => s + f.fee, 0),
  };
}
