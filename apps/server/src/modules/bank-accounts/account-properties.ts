import { bankAccountMessages } from "@keyholder/contracts/bank-accounts";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { badRequest, notFound } from "../../lib/http-error.ts";
import { uuidArray } from "../../lib/sql-arrays.ts";

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** The properties whose money of the account's kind it keeps, by name. */
export async function readAccountProperties(tx: Tx, orgId: string, id: string) {
  const [account] = rowsOf<unknown>(
    await tx.execute(sql`select 1 from bank_accounts where organization_id = ${orgId} and id = ${id}`),
  );
  if (!account) throw notFound(bankAccountMessages.notFound);
  const properties = rowsOf<{ id: string; name: string }>(
    await tx.execute(sql`
      select p.id, p.name from bank_account_properties x
      join properties p on p.organization_id = x.organization_id and p.id = x.property_id
      where x.organization_id = ${orgId} and x.bank_account_id = ${id}
      order by lower(p.name), p.id`),
  );
  return { properties };
}

/**
 * PUT /bank-accounts/{id}/properties: the account keeps these properties' money of its kind from
 * now on. A property kept in another account of the kind moves here (a property has one of each);
 * those left out are no longer this account's. What was posted stays where it was posted.
 */
export async function setAccountProperties(tx: Tx, orgId: string, id: string, propertyIds: readonly string[]) {
  const [account] = rowsOf<{ kind: string }>(
    await tx.execute(sql`select kind from bank_accounts where organization_id = ${orgId} and id = ${id} for update`),
  );
  if (!account) throw notFound(bankAccountMessages.notFound);
  const wanted = [...new Set(propertyIds)];
  if (wanted.length) {
    const known = rowsOf<unknown>(
      await tx.execute(
        sql`select 1 from properties where organization_id = ${orgId} and id = any(${uuidArray(wanted)})`,
      ),
    );
    if (known.length !== wanted.length) {
      throw badRequest(bankAccountMessages.propertyUnknown, { property_ids: [bankAccountMessages.propertyUnknown] });
    }
  }
  await tx.execute(sql`
    delete from bank_account_properties
    where organization_id = ${orgId} and bank_account_id = ${id} and not (property_id = any(${uuidArray(wanted)}))`);
  if (wanted.length) {
    await tx.execute(sql`
      insert into bank_account_properties (organization_id, property_id, kind, bank_account_id)
      select ${orgId}, p, ${account.kind}, ${id} from unnest(${uuidArray(wanted)}) as p
      on conflict (organization_id, property_id, kind) do update set bank_account_id = excluded.bank_account_id`);
  }
}
