import { randomUUID } from "node:crypto";
import {
  type CreateDistributionRun,
  type Distribution,
  type DistributionRun,
  ownerMessages,
} from "@keyholder/contracts/owners";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { badRequest } from "../../lib/http-error.ts";
import { type NewEntry, postEntries } from "../ledger/post-entries.ts";
import { refuseScoped, rowsOf } from "../owners/owner-rows.ts";
import { availableByProperty } from "./available.ts";
import { planDistributions } from "./plan-distributions.ts";

/** A run already made with this request key, as it was paid. */
async function madeRun(tx: Tx, orgId: string, key: string, bank: { id: string; name: string }, paidOn: string) {
  const rows = rowsOf<{ run_id: string; detail: Distribution | string; entry_id: string }>(
    await tx.execute(sql`
      select run_id, detail, entry_id from owner_distributions
      where organization_id = ${orgId} and request_key = ${key} order by amount_cents desc`),
  );
  if (rows.length === 0) return null;
  const distributions = rows.map((r) => ({
    ...(typeof r.detail === "string" ? (JSON.parse(r.detail) as Distribution) : r.detail),
    entry_id: Number(r.entry_id),
  }));
  return {
    run_id: rows[0]?.run_id ?? null,
    paid_on: paidOn,
    bank_account: bank,
    distributions,
    total_cents: distributions.reduce((s, d) => s + d.amount_cents, 0),
  };
}

/**
 * POST /owner-distribution-runs: each owner paid from a trust bank account on a day what they have
 * available (or the amounts asked, never more), their properties netted (plan-distributions.ts). One
 * entry per owner: per property, D owner distributions and C the account's cash (a property an
 * owner's other money covers the other way), the owner on every line. `preview` posts nothing. The
 * bank account is locked, so two runs take turns and the second sees the first's payments. A retry
 * with the same key answers the run made.
 */
export async function runDistributions(
  tx: Tx,
  actor: Actor,
  input: CreateDistributionRun,
): Promise<{ run: DistributionRun; created: boolean }> {
  refuseScoped(tx);
  const orgId = actor.orgId;
  const [bank] = rowsOf<{ id: string; name: string; ledger_account_id: number }>(
    await tx.execute(sql`
      select id, name, ledger_account_id from bank_accounts
      where organization_id = ${orgId} and id = ${input.bank_account_id} and kind = 'trust' and is_active
      for update`),
  );
  if (!bank) throw badRequest(ownerMessages.bankAccount, { bank_account_id: [ownerMessages.bankAccount] });
  const account = { id: bank.id, name: bank.name };
  if (!input.preview) {
    const made = await madeRun(tx, orgId, input.idempotency_key, account, input.paid_on);
    if (made) return { run: made, created: false };
  }
  const { properties, shares } = await availableByProperty(tx, orgId, Number(bank.ledger_account_id), input.paid_on);
  const requested = input.owners ? new Map(input.owners.map((o) => [o.owner_id, o.amount_cents])) : undefined;
  const plan = planDistributions(properties, shares, requested);
  const total = plan.reduce((s, d) => s + d.amount_cents, 0);
  if (input.preview) {
    return {
      run: { run_id: null, paid_on: input.paid_on, bank_account: account, distributions: plan, total_cents: total },
      created: false,
    };
  }

  const [distribution] = rowsOf<{ id: number }>(
    await tx.execute(
      sql`select id from ledger_accounts where organization_id = ${orgId} and role = 'owner_distributions'`,
    ),
  );
  const runId = randomUUID();
  const paid = plan.filter((d) => d.amount_cents > 0);
  const keyOf = (d: Distribution) => `owner-distribution:${input.idempotency_key}:${d.owner.id}`;
  const entries: NewEntry[] = paid.map((d) => ({
    postedOn: input.paid_on,
    memo: `Distribution to ${d.owner.name}`,
    source: "owner_distribution",
    idempotencyKey: keyOf(d),
    createdBy: actor.userId,
    lines: d.properties
      .filter((p) => p.paid_cents !== 0)
      .flatMap((p) => [
        {
          accountId: Number(distribution?.id),
          amountCents: p.paid_cents,
          propertyId: p.property.id,
          ownerId: d.owner.id,
        },
        {
          accountId: Number(bank.ledger_account_id),
          amountCents: -p.paid_cents,
          propertyId: p.property.id,
          ownerId: d.owner.id,
        },
      ]),
  }));
  for (let at = 0; at < entries.length; at += 500) await postEntries(tx, orgId, entries.slice(at, at + 500));
  if (paid.length) {
    await tx.execute(sql`
      insert into owner_distributions (organization_id, run_id, owner_id, bank_account_id, paid_on, amount_cents, entry_id,
        request_key, detail, created_by)
      select ${orgId}, ${runId}, d.owner_id, ${bank.id}, ${input.paid_on}, d.amount_cents, e.id, ${input.idempotency_key},
        d.detail, ${actor.userId}
      from jsonb_to_recordset(${JSON.stringify(
        paid.map((d) => ({ owner_id: d.owner.id, amount_cents: d.amount_cents, key: keyOf(d), detail: d })),
      )}::jsonb) as d(owner_id uuid, amount_cents bigint, key text, detail jsonb)
      join journal_entries e on e.organization_id = ${orgId} and e.idempotency_key = d.key`);
  }
  const made = await madeRun(tx, orgId, input.idempotency_key, account, input.paid_on);
  // Owners with nothing to pay are shown too, as the preview showed them.
  const madeOf = new Map((made?.distributions ?? []).map((d) => [d.owner.id, d.entry_id]));
  const distributions = plan.map((d) => ({ ...d, entry_id: madeOf.get(d.owner.id) ?? null }));
  return {
    run: {
      run_id: paid.length ? runId : null,
      paid_on: input.paid_on,
      bank_account: account,
      distributions,
      total_cents: total,
    },
    created: paid.length > 0,
  };
}
