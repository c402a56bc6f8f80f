import { APPLICATION_DRAFT_DAYS, type applicationDraftSchema } from "@keyholder/contracts/applications";
import { and, eq, gt, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { applications } from "../../db/schema/index.ts";
import { hashToken, newToken } from "../../lib/tokens.ts";
import { findOfferedPlan, findOfferedUnit, type ListedProperty } from "./find-listed-property.ts";

type DraftInput = z.output<typeof applicationDraftSchema>;

export interface SavedDraft {
  token: string;
  expiresAt: string;
  property: ListedProperty;
}

/** A saved draft lasts this long from its last save. */
export const draftExpiry = () => new Date(Date.now() + APPLICATION_DRAFT_DAYS * 86_400_000).toISOString();

/**
 * What the applicant has typed so far, as stored. A floor plan or unit the property does not
 * offer is dropped rather than refused: a draft is never lost to a stale choice.
 */
async function draftValues(tx: Tx, property: ListedProperty, input: DraftInput) {
  const planName = input.floor_plan_id === null ? undefined : await findOfferedPlan(tx, property, input.floor_plan_id);
  // A unit only when no plan is kept: an application names one or the other.
  const unitNumber =
    input.unit_id === null || planName !== undefined ? undefined : await findOfferedUnit(tx, property, input.unit_id);
  return {
    fullName: input.full_name,
    email: input.email,
    phone: input.phone,
    floorPlanId: planName === undefined ? null : input.floor_plan_id,
    floorPlanName: planName ?? null,
    unitId: unitNumber === undefined ? null : input.unit_id,
    unitNumber: unitNumber ?? null,
    moveInDate: input.move_in_date === "" ? null : input.move_in_date,
    message: input.message === "" ? null : input.message,
    resumeExpiresAt: draftExpiry(),
    lastModifiedDate: sql`now()`,
  };
}

/**
 * Saves into the draft of this property behind `token` (and extends it), while it is a draft and
 * unexpired; undefined otherwise, when only a new draft, and a new link, would keep the answers.
 */
export async function keepDraft(
  tx: Tx,
  property: ListedProperty,
  input: DraftInput,
  token: string,
): Promise<SavedDraft | undefined> {
  const values = await draftValues(tx, property, input);
  const [kept] = await tx
    .update(applications)
    .set(values)
    .where(
      and(
        eq(applications.resumeTokenHash, hashToken(token)),
        eq(applications.organizationId, property.organizationId),
        eq(applications.propertyId, property.id),
        eq(applications.status, "draft"),
        gt(applications.resumeExpiresAt, sql`now()`),
      ),
    )
    .returning({ expiresAt: applications.resumeExpiresAt });
  if (!kept) return undefined;
  return { token, expiresAt: new Date(kept.expiresAt ?? values.resumeExpiresAt).toISOString(), property };
}

/** Starts a draft with a new resume link (the caller emails it). */
export async function startDraft(tx: Tx, property: ListedProperty, input: DraftInput): Promise<SavedDraft> {
  const values = await draftValues(tx, property, input);
  const fresh = newToken();
  await tx.insert(applications).values({
    ...values,
    organizationId: property.organizationId,
    propertyId: property.id,
    propertyName: property.name,
    status: "draft",
    resumeTokenHash: fresh.hash,
  });
  return { token: fresh.token, expiresAt: values.resumeExpiresAt, property };
}
