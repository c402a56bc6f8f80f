import { type Reconciliation, reconciliationMessages } from "@keyholder/contracts/reconciliations";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { HttpError, notFound } from "../../lib/http-error.ts";
import { refuseScopedUser } from "../../lib/refuse-scoped.ts";
import { userName } from "../history/list-history.ts";

export const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

interface ReconciliationRow {
  id: string;
  bank_account_id: string;
  bank_account_name: string;
  bank_account_kind: Reconciliation["bank_account"]["kind"];
  statement_end_date: string;
  statement_balance_cents: string | number;
  beginning_balance_cents: string | number;
  cleared_cents: string | number;
  cleared_count: string | number;
  status: Reconciliation["status"];
  created_date: string | Date;
  completed_date: string | Date | null;
  c_id: number | null;
  c_username: string | null;
  c_first_name: string | null;
  c_last_name: string | null;
  c_preferred_name: string | null;
  f_id: number | null;
  f_username: string | null;
  f_first_name: string | null;
  f_last_name: string | null;
  f_preferred_name: string | null;
}

const person = (prefix: "c" | "f") =>
  sql.raw(`
  left join users ${prefix}u on ${prefix}u.organization_id = r.organization_id and ${prefix}u.id = r.${prefix === "c" ? "created_by" : "completed_by"}
  left join persons ${prefix}p on ${prefix}p.organization_id = ${prefix}u.organization_id and ${prefix}p.id = ${prefix}u.person_id`);

/**
 * Reconciliations with their cleared balance (the beginning balance and the items cleared in each:
 * one statement's items, never the account's history), newest statement first (50).
 */
export async function readReconciliations(tx: Tx, orgId: string, where: SQL): Promise<Reconciliation[]> {
  const rows = rowsOf<ReconciliationRow>(
    await tx.execute(sql`
      select r.id, r.bank_account_id, b.name as bank_account_name, b.kind as bank_account_kind, r.statement_end_date::text as statement_end_date,
        r.statement_balance_cents, r.beginning_balance_cents, r.status, r.created_date, r.completed_date,
        coalesce(c.cents, 0) as cleared_cents, coalesce(c.n, 0) as cleared_count,
        cu.id as c_id, cu.username as c_username, cp.first_name as c_first_name, cp.last_name as c_last_name,
        cp.preferred_name as c_preferred_name,
        fu.id as f_id, fu.username as f_username, fp.first_name as f_first_name, fp.last_name as f_last_name,
        fp.preferred_name as f_preferred_name
      from bank_reconciliations r
      join bank_accounts b on b.organization_id = r.organization_id and b.id = r.bank_account_id
      left join lateral (
        select sum(i.amount_cents) as cents, count(*) as n from bank_reconciliation_items i
        where i.organization_id = r.organization_id and i.reconciliation_id = r.id) c on true
      ${person("c")}
      ${person("f")}
      where r.organization_id = ${orgId} and ${where}
      order by r.statement_end_date desc, r.created_date desc
      limit 50`),
  );
  return rows.map((r) => {
    const cleared = Number(r.beginning_balance_cents) + Number(r.cleared_cents);
    const who = (p: "c" | "f") =>
      r[`${p}_id`] === null
        ? null
        : userName({
            user_id: r[`${p}_id`],
            username: r[`${p}_username`],
            first_name: r[`${p}_first_name`],
            last_name: r[`${p}_last_name`],
            preferred_name: r[`${p}_preferred_name`],
          });
    return {
      id: r.id,
      bank_account: { id: r.bank_account_id, name: r.bank_account_name, kind: r.bank_account_kind },
      statement_end_date: r.statement_end_date,
      statement_balance_cents: Number(r.statement_balance_cents),
      beginning_balance_cents: Number(r.beginning_balance_cents),
      cleared_balance_cents: cleared,
      difference_cents: Number(r.statement_balance_cents) - cleared,
      cleared_count: Number(r.cleared_count),
      status: r.status,
      created_at: new Date(r.created_date).toISOString(),
      created_by: who("c"),
      completed_at: r.completed_date === null ? null : new Date(r.completed_date).toISOString(),
      completed_by: who("f"),
    };
  });
}

/** Whoever works on reconciliations works on every property's money (as with statements). */
export const refuseScoped = (tx: Tx) => refuseScopedUser(tx, reconciliationMessages.scopedUser);

export interface OpenReconciliation {
  id: string;
  bankAccountId: string;
  cashAccountId: number;
  endDate: string;
}

/** A reconciliation row locked for a change (two people ticking at once take turns), with its account's cash. */
async function lockedRow(tx: Tx, where: SQL) {
  refuseScoped(tx);
  const [row] = rowsOf<{
    id: string;
    bank_account_id: string;
    ledger_account_id: number;
    end_date: string;
    status: string;
  }>(
    await tx.execute(sql`
      select r.id, r.bank_account_id, b.ledger_account_id, r.statement_end_date::text as end_date, r.status
      from bank_reconciliations r
      join bank_accounts b on b.organization_id = r.organization_id and b.id = r.bank_account_id
      where ${where}
      for update of r`),
  );
  return row;
}

const open = (row: { id: string; bank_account_id: string; ledger_account_id: number; end_date: string }) => ({
  id: row.id,
  bankAccountId: row.bank_account_id,
  cashAccountId: Number(row.ledger_account_id),
  endDate: row.end_date,
});

/** The reconciliation a change is made to, locked for it: 404 when not this organization's, 409 once completed. */
export async function lockOpen(tx: Tx, orgId: string, id: string): Promise<OpenReconciliation> {
  const row = await lockedRow(tx, sql`r.organization_id = ${orgId} and r.id = ${id}`);
  if (!row) throw notFound(reconciliationMessages.notFound);
  if (row.status === "completed") throw new HttpError(409, "RECONCILIATION_LOCKED", reconciliationMessages.completed);
  return open(row);
}

/** The bank account's reconciliation in progress (at most one), locked as lockOpen locks it; null when none. */
export async function lockOpenOfAccount(
  tx: Tx,
  orgId: string,
  bankAccountId: string,
): Promise<OpenReconciliation | null> {
  const row = await lockedRow(
    tx,
    sql`r.organization_id = ${orgId} and r.bank_account_id = ${bankAccountId} and r.status = 'in_progress'`,
  );
  return row ? open(row) : null;
}
