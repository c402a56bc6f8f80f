import { type Contribution, type CreateContribution, ownerMessages } from "@keyholder/contracts/owners";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { badRequest } from "../../lib/http-error.ts";
import { postEntries } from "../ledger/post-entries.ts";
import { refuseScoped, rowsOf } from "../owners/owner-rows.ts";

interface ContributionRow {
  id: string;
  owner_id: string;
  owner_name: string;
  property_id: string;
  property_name: string;
  bank_account_id: string;
  bank_account_name: string;
  received_on: string;
  amount_cents: string | number;
  memo: string;
  entry_id: string | number;
}

export async function readContributions(tx: Tx, orgId: string, where: SQL): Promise<Contribution[]> {
  return rowsOf<ContributionRow>(
    await tx.execute(sql`
      select c.id, c.owner_id, o.name as owner_name, c.property_id, p.name as property_name, c.bank_account_id,
        b.name as bank_account_name, c.received_on::text as received_on, c.amount_cents, c.memo, c.entry_id
      from owner_contributions c
      join owners o on o.organization_id = c.organization_id and o.id = c.owner_id
      join properties p on p.organization_id = c.organization_id and p.id = c.property_id
      join bank_accounts b on b.organization_id = c.organization_id and b.id = c.bank_account_id
      where c.organization_id = ${orgId} and ${where}
      order by c.received_on desc, c.created_date desc limit 100`),
  ).map((r) => ({
    id: r.id,
    owner: { id: r.owner_id, name: r.owner_name },
    property: { id: r.property_id, name: r.property_name },
    bank_account: { id: r.bank_account_id, name: r.bank_account_name },
    received_on: r.received_on,
    amount_cents: Number(r.amount_cents),
    memo: r.memo,
    entry_id: Number(r.entry_id),
  }));
}

/**
 * POST /owner-contributions: money an owner put into one of their properties' trust cash (to pay
 * its bills, to rebuild its reserve): D the bank account's cash, C owner contributions, of the
 * property and the owner. The owner must own the property that day. Keyed by the request.
 */
export async function createContribution(
  tx: Tx,
  actor: Actor,
  input: CreateContribution,
): Promise<{ contribution: Contribution; created: boolean }> {
  refuseScoped(tx);
  const orgId = actor.orgId;
  const key = `owner-contribution:request:${input.idempotency_key}`;
  const byKey = async () =>
    (
      await readContributions(
        tx,
        orgId,
        sql`c.entry_id = (select id from journal_entries where organization_id = ${orgId} and idempotency_key = ${key})`,
      )
    )[0] ?? null;
  const before = await byKey();
  if (before) return { contribution: before, created: false };
  const [owns] = rowsOf<{ name: string }>(
    await tx.execute(sql`
      select o.name from property_ownerships s join owners o on o.organization_id = s.organization_id and o.id = s.owner_id
      where s.organization_id = ${orgId} and s.owner_id = ${input.owner_id} and s.property_id = ${input.property_id}
        and s.starts_on <= ${input.received_on} and (s.ends_on is null or s.ends_on >= ${input.received_on})`),
  );
  if (!owns) throw badRequest(ownerMessages.notOwner, { property_id: [ownerMessages.notOwner] });
  const [bank] = rowsOf<{ ledger_account_id: number }>(
    await tx.execute(sql`
      select ledger_account_id from bank_accounts where organization_id = ${orgId} and id = ${input.bank_account_id} and is_active`),
  );
  if (!bank) throw badRequest(ownerMessages.bankAccount, { bank_account_id: [ownerMessages.bankAccount] });
  const [equity] = rowsOf<{ id: number }>(
    await tx.execute(
      sql`select id from ledger_accounts where organization_id = ${orgId} and role = 'owner_contributions'`,
    ),
  );
  const [entryId] = await postEntries(tx, orgId, [
    {
      postedOn: input.received_on,
      memo: input.memo || `Contribution from ${owns.name}`,
      source: "owner_contribution",
      idempotencyKey: key,
      createdBy: actor.userId,
      lines: [
        {
          accountId: Number(bank.ledger_account_id),
          amountCents: input.amount_cents,
          propertyId: input.property_id,
          ownerId: input.owner_id,
        },
        {
          accountId: Number(equity?.id),
          amountCents: -input.amount_cents,
          propertyId: input.property_id,
          ownerId: input.owner_id,
        },
      ],
    },
  ]);
  if (entryId !== undefined) {
    await tx.execute(sql`
      insert into owner_contributions (organization_id, owner_id, property_id, bank_account_id, received_on, amount_cents, memo,
        entry_id, created_by)
      values (${orgId}, ${input.owner_id}, ${input.property_id}, ${input.bank_account_id}, ${input.received_on},
        ${input.amount_cents}, ${input.memo}, ${entryId}, ${actor.userId})`);
  }
  const contribution = await byKey();
  if (!contribution) throw new Error("contribution not read back");
  return { contribution, created: entryId !== undefined };
}
