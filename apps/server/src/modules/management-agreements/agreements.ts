import { type CreateManagementAgreement, type ManagementAgreement, ownerMessages } from "@keyholder/contracts/owners";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { badRequest, HttpError, notFound } from "../../lib/http-error.ts";
import { violates } from "../../lib/violates.ts";
import { refuseScoped, rowsOf } from "../owners/owner-rows.ts";

interface AgreementRow extends Omit<ManagementAgreement, "property"> {
  property_id: string;
  property_name: string;
}

/** Management agreements, newest first per property; `where` filters them as a. */
export async function readAgreements(tx: Tx, orgId: string, where: SQL): Promise<ManagementAgreement[]> {
  return rowsOf<AgreementRow>(
    await tx.execute(sql`
      select a.id, a.property_id, p.name as property_name, a.starts_on::text as starts_on, a.ends_on::text as ends_on,
        a.fee_percent_bp, a.fee_account_ids, a.fee_basis, a.flat_per_property_cents, a.flat_per_unit_cents, a.minimum_cents, a.reserve_cents
      from management_agreements a join properties p on p.organization_id = a.organization_id and p.id = a.property_id
      where a.organization_id = ${orgId} and ${where}
      order by p.name, a.starts_on desc
      limit 1000`),
  ).map(({ property_id, property_name, ...a }) => ({
    ...a,
    property: { id: property_id, name: property_name },
    fee_percent_bp: Number(a.fee_percent_bp),
    fee_account_ids: (a.fee_account_ids ?? []).map(Number),
    flat_per_property_cents: Number(a.flat_per_property_cents),
    flat_per_unit_cents: Number(a.flat_per_unit_cents),
    minimum_cents: Number(a.minimum_cents),
    reserve_cents: Number(a.reserve_cents),
  }));
}

/**
 * POST /management-agreements: how the organization is paid for managing a property from a day: a
 * percent of the income collected (or charged) on chosen income accounts, flat amounts per property and per unit, a
 * minimum, and the reserve kept in its trust cash. One at a time per property (the exclusion
 * constraint refuses an overlap, 409).
 */
export async function createAgreement(tx: Tx, orgId: string, userId: number, input: CreateManagementAgreement) {
  refuseScoped(tx);
  const [property] = rowsOf<unknown>(
    await tx.execute(sql`select 1 from properties where organization_id = ${orgId} and id = ${input.property_id}`),
  );
  if (!property) throw badRequest(ownerMessages.property, { property_id: [ownerMessages.property] });
  if (input.fee_account_ids.length) {
    const income = rowsOf<unknown>(
      await tx.execute(sql`
        select 1 from ledger_accounts where organization_id = ${orgId} and type = 'income'
          and id = any(${`{${input.fee_account_ids.join(",")}}`}::integer[])`),
    );
    if (income.length !== new Set(input.fee_account_ids).size) {
      throw badRequest(ownerMessages.feeAccounts, { fee_account_ids: [ownerMessages.feeAccounts] });
    }
  }
  try {
    const [row] = rowsOf<{ id: string }>(
      await tx.execute(sql`
        insert into management_agreements (organization_id, property_id, starts_on, ends_on, fee_percent_bp, fee_account_ids,
          fee_basis, flat_per_property_cents, flat_per_unit_cents, minimum_cents, reserve_cents, created_by)
        values (${orgId}, ${input.property_id}, ${input.starts_on}, ${input.ends_on ?? null}, ${input.fee_percent_bp},
          ${`{${input.fee_account_ids.join(",")}}`}::integer[], ${input.fee_basis}, ${input.flat_per_property_cents}, ${input.flat_per_unit_cents},
          ${input.minimum_cents}, ${input.reserve_cents}, ${userId})
        returning id`),
    );
    const [agreement] = await readAgreements(tx, orgId, sql`a.id = ${row?.id}`);
    if (!agreement) throw new Error("agreement not read back");
    return agreement;
  } catch (err) {
    if (violates(err, "23P01", "management_agreements_no_overlap")) {
      throw new HttpError(409, "AGREEMENT_OVERLAP", ownerMessages.agreementOverlap);
    }
    throw err;
  }
}

/**
 * POST /management-agreements/{id}/end: the agreement's last day (a new one may then start the day
 * after). Not before it starts, nor before the last day of a fee charged under it (409): a fee run
 * stays what it was.
 */
export async function endAgreement(tx: Tx, orgId: string, id: string, endsOn: string) {
  refuseScoped(tx);
  const [agreement] = rowsOf<{ property_id: string; starts_on: string }>(
    await tx.execute(sql`
      select property_id, starts_on::text as starts_on from management_agreements
      where organization_id = ${orgId} and id = ${id} for update`),
  );
  if (!agreement) throw notFound(ownerMessages.agreementNotFound);
  if (endsOn < agreement.starts_on) {
    throw badRequest(ownerMessages.endsBeforeStart, { ends_on: [ownerMessages.endsBeforeStart] });
  }
  const [charged] = rowsOf<unknown>(
    await tx.execute(sql`
      select 1 from management_fees where organization_id = ${orgId} and property_id = ${agreement.property_id}
        and period_end > ${endsOn} and period_start >= ${agreement.starts_on} limit 1`),
  );
  if (charged) throw new HttpError(409, "FEES_CHARGED", ownerMessages.feesAfterEnd(endsOn));
  await tx.execute(
    sql`update management_agreements set ends_on = ${endsOn} where organization_id = ${orgId} and id = ${id}`,
  );
  const [ended] = await readAgreements(tx, orgId, sql`a.id = ${id}`);
  if (!ended) throw notFound(ownerMessages.agreementNotFound);
  return ended;
}
