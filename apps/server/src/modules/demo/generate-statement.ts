import { addMonths, monthEnd, monthStart } from "@keyholder/contracts/civil-date";
import { centsToInput } from "@keyholder/contracts/money";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { importStatement } from "../bank-statements/import-statement.ts";
import { readStatementFile } from "../bank-statements/read-statement-file.ts";

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** The trust account's monthly fee and interest, as the demo's bank charges and pays them. */
const SERVICE_FEE = "-15.00";
const INTEREST = "0.42";

/**
 * The demo trust account's statement of last month (decision 041), as its bank's CSV export would
 * be, imported through the same reading and keeping as a file a user imports: each deposit of the
 * month on its day, the monthly service fee and the interest (lines for reconciliation to post).
 * Its columns become the account's kept mapping, so next month's file imports at once.
 */
export async function generateStatement(tx: Tx, o: { orgId: string; adminUserId: number }) {
  const [trust] = rows<{ id: string; today: string }>(
    await tx.execute(sql`
      select b.id, ((now() at time zone g.time_zone)::date)::text as today
      from bank_accounts b join organizations g on g.id = b.organization_id
      where b.organization_id = ${o.orgId} and b.kind = 'trust' order by b.name limit 1`),
  );
  if (!trust) return { lines: 0 };
  const first = addMonths(monthStart(trust.today), -1);
  const last = monthEnd(first);
  const deposits = rows<{ deposited_on: string; total_cents: string; receipts: number }>(
    await tx.execute(sql`
      select deposited_on::text as deposited_on, total_cents, receipts from bank_deposits
      where organization_id = ${o.orgId} and bank_account_id = ${trust.id} and void_entry_id is null
        and deposited_on between ${first} and ${last}
      order by deposited_on, id`),
  );
  const us = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
  const csv = [
    "Posting Date,Description,Check or Slip #,Amount",
    ...deposits.map(
      (d, i) =>
        `${us(d.deposited_on)},"DEPOSIT - ${d.receipts} ITEMS",${1001 + i},${centsToInput(Number(d.total_cents))}`,
    ),
    `${us(last)},MONTHLY SERVICE FEE,,${SERVICE_FEE}`,
    `${us(last)},INTEREST PAID,,${INTEREST}`,
  ].join("\n");
  const bytes = Buffer.from(`${csv}\n`);
  const imported = await importStatement(
    tx,
    { orgId: o.orgId, userId: o.adminUserId },
    trust.id,
    readStatementFile(bytes),
    {
      bytes,
      name: `trust-checking-${first.slice(0, 7)}.csv`,
      fields: {
        date_column: "Posting Date",
        description_column: "Description",
        amount_column: "Amount",
        reference_column: "Check or Slip #",
        date_order: "MDY",
      },
    },
  );
  return { lines: imported.result.lines_added };
}
