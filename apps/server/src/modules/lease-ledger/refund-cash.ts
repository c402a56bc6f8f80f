import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * The cash account money goes back to a tenant from (issue 29 item 6, decision 038): a security
 * deposit out of the escrow account where the organization keeps one, else out of its trust account;
 * any other refund out of the trust account; and, for a landlord who keeps neither (no such bank
 * account), out of operating cash, as before bank accounts. Of a kind, the account that keeps the
 * property's money when it is assigned one, else the first active account of the kind by name.
 */
export async function refundCashAccount(
  tx: Tx,
  orgId: string,
  what: "deposit" | "credit",
  propertyId: string | null,
): Promise<number> {
  const kinds = what === "deposit" ? sql`array['escrow', 'trust']` : sql`array['trust']`;
  const [found] = rows<{ id: number }>(
    await tx.execute(sql`
      select coalesce(
        (select b.ledger_account_id from bank_accounts b
          where b.organization_id = ${orgId} and b.is_active and b.kind = any(${kinds})
          order by array_position(${kinds}, b.kind),
            not exists (select 1 from bank_account_properties x where x.organization_id = b.organization_id
              and x.bank_account_id = b.id and x.property_id = ${propertyId}),
            lower(b.name)
          limit 1),
        (select id from ledger_accounts where organization_id = ${orgId} and role = 'operating_cash')) as id`),
  );
  if (!found?.id) throw new Error("the organization has no operating_cash account");
  return Number(found.id);
}
