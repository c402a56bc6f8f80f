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
import type { ReportDocument } from "../../lib/reports/report-document.ts";
import { reportRangeAndProperty } from "../../lib/reports/report-property.ts";
import { reportRowLimit } from "../../lib/reports/report-rows.ts";
import { rowsOf } from "../leases/lease-sql.ts";
import { readAccountBalances } from "../ledger/read-balances.ts";
import { generalLedgerFile } from "./general-ledger-document.ts";

type Account = { id: number; code: string; name: string; type: AccountType };

/**
 * GET /reports/general-ledger: each account's balance at the end of the day before the span (the
 * maintained balances, decision 027), its lines of the span in the order posted (the lines'
 * (organization, account, day) or (organization, day) index, at most reportRowLimit of them) and
 * the running balance after each. A property narrows both to its lines; a user of some properties
 * reads their properties' lines only (row-level security), their balances likewise. A background
 * run reads any number of lines in pages (`streamGeneralLedger`).
 */
export async function readGeneralLedger(tx: Tx, orgId: string, q: GeneralLedgerQuery): Promise<GeneralLedger> {
  const { from, to, property, chart, opening } = await ledgerFrame(tx, orgId, q);
  const limit = reportRowLimit(tx);
  const lines = await rowsOf<LineRow>(
    tx,
    sql`${lineSelect}
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
      const line = lineOf(l);
      balance += line.debit_cents - line.credit_cents;
      debit += line.debit_cents;
      credit += line.credit_cents;
      return { ...line, balance_cents: balance };
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

interface LineRow {
  account_id: number;
  entry_id: string;
  posted_on: string;
  line_key: string;
  memo: string;
  property_name: string | null;
  unit_name: string | null;
  name: string | null;
  amount_cents: string;
}

/** A line as the report shows it: a debit or a credit, what it was and whose. */
const lineOf = (l: LineRow) => {
  const amount = Number(l.amount_cents);
  return {
    entry_id: Number(l.entry_id),
    posted_on: l.posted_on,
    memo: l.memo,
    property_name: l.property_name,
    unit_name: l.unit_name,
    name: l.name,
    debit_cents: Math.max(amount, 0),
    credit_cents: Math.max(-amount, 0),
  };
};

/**
 * The lines' columns and what names them (the entry's memo, the property, unit, tenant, vendor or
 * owner); the reader adds its conditions.
 */
const lineSelect = sql`
    select l.account_id, l.entry_id, l.posted_on::text, l.line_key, coalesce(nullif(l.memo, ''), e.memo) as memo,
      p.name as property_name, u.unit_number as unit_name,
      coalesce(nullif(le.tenant_names, ''), v.name, o.name) as name, l.amount_cents
    from journal_lines l
    join journal_entries e on e.organization_id = l.organization_id and e.id = l.entry_id
    left join properties p on p.organization_id = l.organization_id and p.id = l.property_id
    left join units u on u.organization_id = l.organization_id and u.unit_id = l.unit_id
    left join leases le on le.organization_id = l.organization_id and le.id = l.lease_id
    left join vendors v on v.organization_id = l.organization_id and v.id = l.vendor_id
    left join owners o on o.organization_id = l.organization_id and o.id = l.owner_id`;

/** The span, property, accounts (the one asked for, or the chart) and their opening balances. */
async function ledgerFrame(tx: Tx, orgId: string, q: GeneralLedgerQuery) {
  const { from, to, property } = await reportRangeAndProperty(tx, orgId, q, "month");
  const chart = await rowsOf<Account>(
    tx,
    sql`select id, code, name, type from ledger_accounts where organization_id = ${orgId}
      ${q.account_id === undefined ? sql`` : sql`and id = ${q.account_id}`} order by code, id`,
  );
  if (q.account_id !== undefined && !chart.length)
    throw badRequest(generalLedgerMessages.account, { account_id: [generalLedgerMessages.account] });
  const opening = await readAccountBalances(tx, orgId, addDays(from, -1), property?.id);
  return { from, to, property, chart, opening };
}

/**
 * General ledger detail of any length as its file, read as it is written (a background run):
 * each account's lines of the span in pages of `batchRows` lines, from where the last page ended
 * (the day and line), through the lines' (organization, account, day) index; an account without
 * lines or opening balance left out, as on screen. Memory holds a page, never the span.
 */
export async function streamGeneralLedger(
  tx: Tx,
  orgId: string,
  q: GeneralLedgerQuery,
  o: { batchRows: number },
): Promise<ReportDocument> {
  const { from, to, property, chart, opening } = await ledgerFrame(tx, orgId, q);
  const page = (accountId: number, after: LineRow | undefined) =>
    rowsOf<LineRow>(
      tx,
      sql`${lineSelect}
      where l.organization_id = ${orgId} and l.account_id = ${accountId}
        and l.posted_on between ${from}::date and ${to}::date
        ${property ? sql`and l.property_id = ${property.id}::uuid` : sql``}
        ${after ? sql`and (l.posted_on, l.line_key) > (${after.posted_on}::date, ${after.line_key}::bigint)` : sql``}
      order by l.posted_on, l.line_key
      limit ${o.batchRows}`,
    );
  async function* lines(accountId: number, first: LineRow[]) {
    for (let rows = first; rows.length; rows = rows.length < o.batchRows ? [] : await page(accountId, rows.at(-1))) {
      for (const l of rows) yield lineOf(l);
    }
  }
  async function* accounts() {
    for (const a of chart) {
      const start = opening.get(Number(a.id)) ?? 0;
      const first = await page(Number(a.id), undefined);
      if (!first.length && start === 0) continue;
      yield { account: a, opening_cents: start, lines: lines(Number(a.id), first) };
    }
  }
  const [only] = q.account_id === undefined ? [] : chart;
  return generalLedgerFile(
    { from, to, property, account: only ? { id: Number(only.id), code: only.code, name: only.name } : null },
    accounts(),
  );
}
