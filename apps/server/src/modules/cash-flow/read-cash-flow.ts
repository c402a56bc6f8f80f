import { CASH_FLOW_SECTIONS, CASH_ROLES, type CashFlow, type CashFlowQuery } from "@keyholder/contracts/cash-flow";
import { addDays } from "@keyholder/contracts/civil-date";
import type { AccountType } from "@keyholder/contracts/ledger";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { propertyCondition, reportRangeAndProperty } from "../../lib/reports/report-property.ts";
import { rowsOf } from "../leases/lease-sql.ts";
import { readAccountBalances } from "../ledger/read-balances.ts";

type Account = { id: number; code: string; name: string; type: AccountType; cash: boolean };

/**
 * GET /reports/cash-flow: the cash accounts' balances the day before the span and at its end (the
 * maintained balances, decision 027) and, between them, the entries of the span that moved cash
 * (found by the cash accounts' lines, their (organization, account, day) index): each of their other
 * lines is cash in (a credit: rent collected through the receivables) or out (a debit: a bill paid)
 * through its account. Every entry balances, so the start plus the flows is the end. A property
 * narrows both sides to its lines.
 */
export async function readCashFlow(tx: Tx, orgId: string, q: CashFlowQuery): Promise<CashFlow> {
  const { from, to, property } = await reportRangeAndProperty(tx, orgId, q, "month");
  const inProperty = propertyCondition(property);
  const accounts = await rowsOf<Account>(
    tx,
    sql`select a.id, a.code, a.name, a.type,
        (a.role = any(${`{${CASH_ROLES.join(",")}}`}::text[])
          or exists (select 1 from bank_accounts b where b.organization_id = a.organization_id and b.ledger_account_id = a.id)) as cash
      from ledger_accounts a where a.organization_id = ${orgId} order by a.code, a.id`,
  );
  const cashIds = `{${accounts
    .filter((a) => a.cash)
    .map((a) => a.id)
    .join(",")}}`;
  const flows = await rowsOf<{ account_id: number; in_cents: string; out_cents: string }>(
    tx,
    sql`with moved as (
        select distinct l.entry_id from journal_lines l
        where l.organization_id = ${orgId} and l.account_id = any(${cashIds}::int[])
          and l.posted_on between ${from}::date and ${to}::date ${inProperty("l.property_id")}
      )
      select l.account_id, coalesce(sum(-l.amount_cents) filter (where l.amount_cents < 0), 0) as in_cents,
        coalesce(sum(l.amount_cents) filter (where l.amount_cents > 0), 0) as out_cents
      from moved m
      join journal_lines l on l.organization_id = ${orgId} and l.entry_id = m.entry_id
      where not (l.account_id = any(${cashIds}::int[])) ${inProperty("l.property_id")}
      group by l.account_id`,
  );
  const before = await readAccountBalances(tx, orgId, addDays(from, -1), property?.id);
  const after = await readAccountBalances(tx, orgId, to, property?.id);
  const of = (a: Account) => ({ id: Number(a.id), code: a.code, name: a.name, type: a.type });
  const cash = accounts
    .filter((a) => a.cash)
    .map((a) => ({
      account: of(a),
      beginning_cents: before.get(Number(a.id)) ?? 0,
      ending_cents: after.get(Number(a.id)) ?? 0,
    }))
    .filter((c) => c.beginning_cents !== 0 || c.ending_cents !== 0);
  const flowOf = new Map(flows.map((f) => [Number(f.account_id), f]));
  const sections = CASH_FLOW_SECTIONS.map((section) => {
    const lines = accounts
      .filter((a) => !a.cash && section.types.includes(a.type) && flowOf.has(Number(a.id)))
      .map((a) => {
        const f = flowOf.get(Number(a.id));
        const inCents = Number(f?.in_cents ?? 0);
        const outCents = Number(f?.out_cents ?? 0);
        return { account: of(a), in_cents: inCents, out_cents: outCents, net_cents: inCents - outCents };
      });
    return { label: section.label, flows: lines, net_cents: lines.reduce((s, l) => s + l.net_cents, 0) };
  });
  const beginning = cash.reduce((s, c) => s + c.beginning_cents, 0);
  const net = sections.reduce((s, x) => s + x.net_cents, 0);
  return {
    from,
    to,
    property,
    cash,
    beginning_cents: beginning,
    sections,
    net_change_cents: net,
    ending_cents: cash.reduce((s, c) => s + c.ending_cents, 0),
  };
}
