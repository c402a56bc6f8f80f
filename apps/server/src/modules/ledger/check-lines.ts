import { type JournalLineInput, ledgerMessages } from "@keyholder/contracts/ledger";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { badRequest } from "../../lib/http-error.ts";

/**
 * The accounts and dimensions of an entry's lines exist in the organization (and, for a user of some
 * properties, among theirs): each problem is named on its line's field, before anything is posted.
 */
export async function checkLines(tx: Tx, orgId: string, lines: readonly JournalLineInput[]) {
  const { rows } = (await tx.execute(sql`
    select i.n, a.id is not null as account_known, coalesce(a.is_active, false) as account_active,
      i.property_id is null or p.id is not null as property_known,
      i.unit_id is null or u.unit_id is not null as unit_known
    from jsonb_to_recordset(${JSON.stringify(lines.map((l, n) => ({ n, account_id: l.account_id, property_id: l.property_id ?? null, unit_id: l.unit_id ?? null })))}::jsonb)
      as i(n integer, account_id integer, property_id uuid, unit_id bigint)
    left join ledger_accounts a on a.organization_id = ${orgId} and a.id = i.account_id
    left join properties p on p.organization_id = ${orgId} and p.id = i.property_id
    left join units u on u.organization_id = ${orgId} and u.unit_id = i.unit_id and u.property_id = i.property_id
    order by i.n`)) as unknown as {
    rows: {
      n: number;
      account_known: boolean;
      account_active: boolean;
      property_known: boolean;
      unit_known: boolean;
    }[];
  };
  const fields: Record<string, string[]> = {};
  for (const r of rows) {
    const at = `lines.${r.n}`;
    if (!r.account_known) fields[`${at}.account_id`] = [ledgerMessages.accountUnknown];
    else if (!r.account_active) fields[`${at}.account_id`] = [ledgerMessages.accountInactive];
    if (!r.property_known) fields[`${at}.property_id`] = [ledgerMessages.propertyUnknown];
    const line = lines[r.n];
    if (line?.unit_id != null && line.property_id == null) fields[`${at}.unit_id`] = [ledgerMessages.unitNeedsProperty];
    else if (!r.unit_known) fields[`${at}.unit_id`] = [ledgerMessages.unitUnknown];
  }
  if (Object.keys(fields).length) throw badRequest(ledgerMessages.linesInvalid, fields);
}
