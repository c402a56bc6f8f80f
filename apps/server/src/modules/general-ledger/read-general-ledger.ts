import { addDays } from "@keyholder/contracts/civil-date";
import {
  type GeneralLedger,
  type GeneralLedgerAccount,
  type GeneralLedgerQuery,
  generalLedgerMessages,
} from "@keyholder/contracts/general-ledger";
import type { AccountType } from "@keyholder/contracts/ledger";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { badRequest } from "../../lib/http-error.ts";
import { reportRangeAndProperty } from "../../lib/reports/report-property.ts";
import { reportRowLimit } from "../../lib/reports/report-rows.ts";
import { rowsOf } from "../leases/lease-sql.ts";
import { readAccountBalances } from "../ledger/read-balances.ts";

type Account = { id: number; code: string; name: string; type: AccountType };

/**
 * GET /reports/general-ledger: each account's balance at the end of the day before the span (the
 * maintained balances, decision 027), its lines of the span in the order posted (the lines'
 * (organization, account, day) or (organization, day) index, at most reportRowLimit of them) and
 * the running balance after each. A property narrows both to its lines; a user of some properties
 * reads their properties' lines only (row-level security), their balances likewise.
 */
export async function readGeneralLedger(tx: Tx, orgId: string, q: GeneralLedgerQuery): Promise<GeneralLedger> {
  const { from, to, property } = await reportRangeAndProperty(tx, orgId, q, "month");
  const chart = await rowsOf<Account>(
    tx,
    sql`select id, code, name, type from ledger_accounts where organization_id = ${orgId}
      ${q.account_id === undefined ? sql`` : sql`and id = ${q.account_id}`} order by code, id`,
  );
  if (q.account_id !== undefined && !chart.length)
    throw badRequest(generalLedgerMessages.account, { account_id: [generalLedgerMessages.account] });
  const limit = reportRowLimit(tx);
  const opening = await readAccountBalances(tx, orgId, addDays(from, -1), property?.id);
  const lines = await rowsOf<{
    account_id: number;
    entry_id: string;
    posted_on: string;
    memo: string;
    property_name: string | null;
    unit_name: string | null;
    name: string | null;
    amount_cents: string;
  }>(
    tx,
    sql`
    select l.account_id, l.entry_id, l.posted_on::text, coalesce(nullif(l.memo, ''), e.memo) as memo,
      p.name as property_name, u.unit_number as unit_name,
      coalesce(nullif(le.tenant_names, ''), v.name, o.name) as name, l.amount_cents
    from journal_lines l
    join journal_entries e on e.organization_id = l.organization_id and e.id = l.entry_id
    left join properties p on p.organization_id = l.organization_id and p.id = l.property_id
    left join units u on u.organization_id = l.organization_id and u.unit_id = l.unit_id
    left join leases le on le.organization_id = l.organization_id and le.id = l.lease_id
    left join vendors v on v.organization_id = l.organization_id and v.id = l.vendor_id
    left join owners o on o.organization_id = l.organization_id and o.id = l.owner_id
    where l.organization_id = ${orgId} and l.posted_on between ${from}::date and ${to}::date
      ${q.account_id === undefined ? sql`` : sql`and l.account_id = ${q.account_id}`}
      ${property ? sql`and l.property_id = ${property.id}::uuid` : sql``}
    order by l.account_id, l.posted_on, l.line_key
    limit ${limit + 1}`,
  );
  if (lines.length > limit) throw badRequest(generalLedgerMessages.tooLarge(limit));
  const byAccount = new Map<number, typeof lines>();
  for (const l of lines) {
    const id = Number(l.account_id);
    const own = byAccount.get(id);
    if (own) own.push(l);
    else byAccount.set(id, [l]);
  }
  const accounts: GeneralLedgerAccount[] = [];
  for (const a of chart) {
    const own = byAccount.get(Number(a.id)) ?? [];
    const start = opening.get(Number(a.id)) ?? 0;
    if (!own.length && start === 0) continue;
    let balance = start;
    let debit = 0;
    let credit = 0;
    const shown = own.map((l) => {
      const amount = Number(l.amount_cents);
      balance += amount;
      if (amount > 0) debit += amount;
      else credit -= amount;
      return {
        entry_id: Number(l.entry_id),
        posted_on: l.posted_on,
        memo: l.memo,
        property_name: l.property_name,
        unit_name: l.unit_name,
        name: l.name,
        debit_cents: Math.max(amount, 0),
        credit_cents: Math.max(-amount, 0),
        balance_cents: balance,
      };
    });
    accounts.push({
      account: { id: Number(a.id), code: a.code, name: a.name, type: a.type },
      opening_cents: start,
      lines: shown,
      debit_cents: debit,
      credit_cents: credit,
      closing_cents: balance,
    });
  }
  const [only] = q.account_id === undefined ? [] : chart;
  return {
    from,
    to,
    property,
    account: only ? { id: Number(only.id), code: only.code, name: only.name } : null,
    accounts,
    total_debit_cents: accounts.reduce((s, a) => s + a.debit_cents, 0),
    total_credit_cents: accounts.reduce((s, a) => s + a.credit_cents, 0),
  };
}
