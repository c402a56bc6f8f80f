import { errorCodes } from "@keyholder/contracts/errors";
import { costMessages, type RequestCosts } from "@keyholder/contracts/maintenance-costs";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { HttpError } from "../../lib/http-error.ts";
import { organizationToday } from "../../lib/organization-today.ts";
import { findLease, lockLease } from "../lease-ledger/find-lease.ts";
import { accountsByRole, leaseBalance, leaseLine, postOnce } from "../lease-ledger/lease-posting.ts";
import { postEntries } from "../ledger/post-entries.ts";
import { findCostRequest, readCosts } from "./read-costs.ts";

const conflict = (message: string) => new HttpError(409, errorCodes.conflict, message);

/** The key of a request's one charge: however often "Bill to resident" is pressed, one entry. */
export const billKey = (requestId: string) => `maintenance-bill:${requestId}`;

/**
 * "Bill to resident": posts ONE charge of the billable lines' total to the request's lease (D
 * receivables, C Other Income), dated the organization's today, under the request's key. Pressed
 * again with the same billable total it answers that charge (created: false); with another total it
 * is refused (409: credit the lease, then bill the difference by hand). A closed accounting period
 * refuses the posting as every posting (PERIOD_CLOSED).
 */
export async function billToResident(
  tx: Tx,
  actor: Actor,
  requestId: string,
): Promise<{ costs: RequestCosts; balance_cents: number; created: boolean }> {
  const request = await findCostRequest(tx, actor.orgId, requestId, true);
  const costs = await readCosts(tx, actor.orgId, requestId);
  const billable = costs.totals.billable_cents;
  if (request.billedEntryId !== null && request.billedCents !== null && request.billedOn !== null) {
    if (request.billedCents !== billable)
      throw conflict(costMessages.alreadyBilled(request.billedCents, request.billedOn));
    const leaseId = costs.billing?.lease_id ?? request.leaseId ?? "";
    return { costs, balance_cents: await leaseBalance(tx, actor.orgId, leaseId), created: false };
  }
  if (request.leaseId === null) throw conflict(costMessages.noLease);
  if (billable <= 0) throw conflict(costMessages.nothingBillable);
  const lease = await findLease(tx, actor.orgId, request.leaseId);
  const today = await organizationToday(tx, actor.orgId);
  const key = billKey(requestId);
  let created = false;
  const entryId = await postOnce(
    tx,
    actor.orgId,
    key,
    billable,
    async (id, isNew) => {
      created = isNew;
      return id;
    },
    async () => {
      const account = await accountsByRole(tx, actor.orgId);
      await lockLease(tx, actor.orgId, lease.id);
      const [id] = await postEntries(tx, actor.orgId, [
        {
          postedOn: today,
          memo: `Maintenance request ${request.requestNo}: ${request.title}`,
          source: "charge",
          idempotencyKey: key,
          createdBy: actor.userId,
          lines: [
            leaseLine(lease, account("accounts_receivable"), billable),
            leaseLine(lease, account("other_income"), -billable),
          ],
        },
      ]);
      return id;
    },
  );
  await tx.execute(sql`update maintenance_requests set billed_entry_id = ${entryId}, billed_cents = ${billable},
      billed_on = (select posted_on from journal_entries where organization_id = ${actor.orgId} and id = ${entryId}),
      billed_lease_id = ${lease.id}, billed_by = ${actor.userId}, last_modified_by = ${actor.userId},
      last_modified_date = now()
    where organization_id = ${actor.orgId} and id = ${requestId}`);
  return {
    costs: await readCosts(tx, actor.orgId, requestId),
    balance_cents: await leaseBalance(tx, actor.orgId, lease.id),
    created,
  };
}
