import { addMonths, monthEnd, monthName, monthStart } from "@keyholder/contracts/civil-date";
import { errorCodes } from "@keyholder/contracts/errors";
import { leaseMessages, type MoveIn, type MoveInResponse, proratedCents } from "@keyholder/contracts/leases";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import { badRequest, HttpError } from "../../lib/http-error.ts";
import { organizationToday } from "../../lib/organization-today.ts";
import { type NewEntry, type NewLine, postEntries } from "../ledger/post-entries.ts";
import { leaseAuditFields } from "./lease-audit.ts";
import { storedCharges } from "./lease-charges.ts";
import { accountIds, rowsOf } from "./lease-sql.ts";
import { readLease } from "./read-lease.ts";
import { refreshTenantStatus } from "./tenant-status.ts";
import { lockLease } from "./update-lease.ts";

/** The key of a recurring charge's month: the charge run's own, so it never charges that month again. */
export const chargeKey = (chargeId: string, month: string) => `charge:${chargeId}:${month}`;
/** The later of civil dates (YYYY-MM-DD compares as text). */
const latest = (...days: string[]) => days.sort()[days.length - 1] as string;
const moveInKey = (leaseId: string, what: string) => `move_in:${leaseId}:${what}`;

/**
 * Moves a tenant in (issue 27 item 9, decision 029): the lease becomes active and its charges start.
 * Posts the first month of each recurring charge that starts in the lease's first month, for the
 * days it covers counting the first (rounded half up once), under the charge run's key for that
 * charge and month; the deposit and pet deposits (D receivables, C deposits held); the one-time
 * fees. With skip_move_in_charges none of these: an opening balance when given, and the charges
 * start with the month after the later of the move-in day and today. Every entry is keyed from its
 * source and the lease is locked, so a second move-in (a double click, a retry) posts nothing and
 * answers what the first posted. Null when the lease is not the caller's.
 */
export async function moveIn(tx: Tx, actor: Actor, id: string, input: MoveIn): Promise<MoveInResponse | null> {
  const was = await lockLease(tx, id);
  if (!was) return null;
  if (was.moved_in_on === null && was.status !== "pending")
    throw new HttpError(409, errorCodes.conflict, leaseMessages.moveInNotPending(was.status));
  if (was.moved_in_on !== null) return answer(tx, id);

  const movedInOn = input.moved_in_on ?? was.start_date;
  if (was.end_date && movedInOn > was.end_date)
    throw badRequest(leaseMessages.moveInAfterEnd, { moved_in_on: [leaseMessages.moveInAfterEnd] });
  const today = await organizationToday(tx, actor.orgId);
  const [lease] = await rowsOf<{ deposit_cents: number; unit_id: number | null; tenant_id: string }>(
    tx,
    sql`select l.deposit_cents,
        (select lu.unit_id from lease_units lu where lu.lease_id = l.id and lu.unit_id is not null order by lu.id limit 1) as unit_id,
        (select p.tenant_id from lease_parties p where p.lease_id = l.id and p.role = 'primary') as tenant_id
      from leases l where l.id = ${id}`,
  );
  if (!lease) return null;
  const accounts = await accountIds(tx, [
    "accounts_receivable",
    "security_deposits_held",
    "other_deposits_held",
    "other_income",
    "opening_balance_equity",
    "prepaid_rent",
  ]);
  const dims = {
    propertyId: was.property_id,
    unitId: lease.unit_id === null ? null : Number(lease.unit_id),
    leaseId: id,
    tenantId: lease.tenant_id,
  };
  // Line 1 is the receivable: the late fees read a month's charge from it.
  const owed = (amountCents: number, credit: number): NewLine[] => [
    { accountId: accounts.accounts_receivable, amountCents, ...dims },
    { accountId: credit, amountCents: -amountCents, ...dims },
  ];
  const entry = (
    key: string,
    postedOn: string,
    memo: string,
    lines: NewLine[],
    source: NewEntry["source"] = "move_in",
  ) => ({ idempotencyKey: key, postedOn, memo, source, createdBy: actor.userId, lines }) satisfies NewEntry;

  const charges = await storedCharges(tx, id);
  const firstMonth = monthStart(was.start_date);
  const entries: NewEntry[] = [];
  // The month each charge is charged from next, and the first whose late fee is undecided (the first
  // month's, when move-in charged it): the charge run reads them from now on.
  const startsAt = new Map<string, string>();
  const feesFrom = new Map<string, string>();
  if (input.skip_move_in_charges) {
    const next = monthStart(addMonths(latest(movedInOn, today), 1));
    for (const c of charges) startsAt.set(c.id, latest(monthStart(c.start_date), next));
    const opening = input.opening_balance_cents ?? 0;
    if (opening > 0)
      entries.push(
        entry(
          moveInKey(id, "opening_balance"),
          movedInOn,
          "Opening balance",
          owed(opening, accounts.opening_balance_equity),
        ),
      );
    if (opening < 0)
      entries.push(
        entry(moveInKey(id, "opening_balance"), movedInOn, "Opening balance (credit)", [
          { accountId: accounts.opening_balance_equity, amountCents: -opening, ...dims },
          { accountId: accounts.prepaid_rent, amountCents: opening, ...dims },
        ]),
      );
  } else {
    for (const c of charges) {
      const month = monthStart(c.start_date);
      if (month !== firstMonth) {
        startsAt.set(c.id, month);
        continue;
      }
      const to = c.end_date && c.end_date < monthEnd(month) ? c.end_date : monthEnd(month);
      const cents = proratedCents(c.amount_cents, c.start_date, to);
      const full = cents === c.amount_cents;
      const memo = `${c.description}, ${monthName(month)}${full ? "" : " (prorated)"}`;
      if (cents > 0)
        entries.push(entry(chargeKey(c.id, month), c.start_date, memo, owed(cents, c.account_id), "recurring_charge"));
      startsAt.set(c.id, addMonths(month, 1));
      feesFrom.set(c.id, month);
    }
    if (Number(lease.deposit_cents) > 0)
      entries.push(
        entry(
          moveInKey(id, "deposit"),
          movedInOn,
          "Security deposit",
          owed(Number(lease.deposit_cents), accounts.security_deposits_held),
        ),
      );
    const pets = await rowsOf<{ id: number; name: string | null; kind: string; pet_deposit_cents: number }>(
      tx,
      sql`select id, name, kind, pet_deposit_cents from lease_pets where lease_id = ${id} and pet_deposit_cents > 0 order by id`,
    );
    for (const p of pets)
      entries.push(
        entry(
          moveInKey(id, `pet_deposit:${p.id}`),
          movedInOn,
          `Pet deposit${p.name ? `, ${p.name}` : ""}`,
          owed(Number(p.pet_deposit_cents), accounts.other_deposits_held),
        ),
      );
    input.one_time_fees.forEach((f, i) => {
      entries.push(
        entry(moveInKey(id, `fee:${i + 1}`), movedInOn, f.description, owed(f.amount_cents, accounts.other_income)),
      );
    });
  }
  await postEntries(tx, actor.orgId, entries);
  for (const [chargeId, month] of startsAt)
    await tx.execute(sql`update recurring_charges set next_period_start = ${month}::date,
      late_fee_next_period = ${feesFrom.get(chargeId) ?? month}::date where id = ${chargeId}`);
  const before = await leaseAuditFields(tx, id);
  await tx.execute(sql`update leases set status = 'active', moved_in_on = ${movedInOn}::date,
    last_modified_by = ${actor.userId}, last_modified_date = now() where id = ${id}`);
  const after = await leaseAuditFields(tx, id);
  if (before && after) await writeAudit(tx, actor, "lease", [{ action: "update", entityId: id, before, after }]);
  const parties = await rowsOf<{ tenant_id: string }>(
    tx,
    sql`select tenant_id from lease_parties where lease_id = ${id}`,
  );
  await refreshTenantStatus(
    tx,
    parties.map((p) => p.tenant_id),
  );
  return answer(tx, id);
}

/** The lease and the entries its move-in posted (its move-in entries and the first month's charges). */
async function answer(tx: Tx, id: string): Promise<MoveInResponse | null> {
  const lease = await readLease(tx, id);
  if (!lease) return null;
  const firstKeys = lease.recurring_charges.map((c) => chargeKey(c.id, monthStart(lease.start_date)));
  const postings = await rowsOf<Record<string, unknown>>(
    tx,
    sql`select e.id, e.idempotency_key, e.posted_on::text as posted_on, e.memo,
        (select l1.amount_cents from journal_lines l1 where l1.organization_id = e.organization_id and l1.entry_id = e.id and l1.line_no = 1) as amount_cents
      from journal_entries e
      where e.id in (select distinct l.entry_id from journal_lines l where l.lease_id = ${id})
        and (e.source = 'move_in' or e.idempotency_key = any(${`{${firstKeys.join(",")}}`}::text[]))
      order by e.id`,
  );
  return {
    lease,
    postings: postings.map((p) => ({
      entry_id: Number(p.id),
      idempotency_key: String(p.idempotency_key),
      posted_on: String(p.posted_on),
      memo: String(p.memo),
      amount_cents: Number(p.amount_cents),
    })),
  };
}
