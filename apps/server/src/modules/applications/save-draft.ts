import {
  APPLICATION_DRAFT_DAYS,
  type applicationDraftSchema,
  applicationMessages,
} from "@keyholder/contracts/applications";
import { and, eq, gt, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { applications } from "../../db/schema/index.ts";
import { notFound } from "../../lib/http-error.ts";
import { hashToken, newToken } from "../../lib/tokens.ts";
import { findListedProperty, findOfferedPlan, findOfferedUnit, type ListedProperty } from "./find-listed-property.ts";

type DraftInput = z.output<typeof applicationDraftSchema>;

export interface SavedDraft {
  token: string;
  expiresAt: string;
  property: ListedProperty;
  /** True when a new link was made (and should be emailed), false when an existing draft was updated. */
  isNew: boolean;
}

const expiry = () => new Date(Date.now() + APPLICATION_DRAFT_DAYS * 86_400_000).toISOString();

/**
 * Saves what the applicant has typed so far. With the token of a draft of this property it updates
 * that draft (and extends it); otherwise it starts a draft with a new resume link. A floor plan or
 * unit the property does not offer is dropped rather than refused: a draft is never lost to a
 * stale choice.
 */
export async function saveDraft(tx: Tx, slug: string, input: DraftInput, token?: string): Promise<SavedDraft> {
  const property = await findListedProperty(tx, slug);
  if (!property) throw notFound(applicationMessages.propertyNotFound);
  const planName = input.floor_plan_id === null ? undefined : await findOfferedPlan(tx, property, input.floor_plan_id);
  // A unit only when no plan is kept: an application names one or the other.
  const unitNumber =
    input.unit_id === null || planName !== undefined ? undefined : await findOfferedUnit(tx, property, input.unit_id);
  const values = {
    fullName: input.full_name,
    email: input.email,
    phone: input.phone,
    floorPlanId: planName === undefined ? null : input.floor_plan_id,
    floorPlanName: planName ?? null,
    unitId: unitNumber === undefined ? null : input.unit_id,
    unitNumber: unitNumber ?? null,
    moveInDate: input.move_in_date === "" ? null : input.move_in_date,
    message: input.message === "" ? null : input.message,
    resumeExpiresAt: expiry(),
    lastModifiedDate: sql`now()`,
  };
  if (token) {
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
    if (kept)
      return {
        token,
        expiresAt: new Date(kept.expiresAt ?? values.resumeExpiresAt).toISOString(),
        property,
        isNew: false,
      };
  }
  const fresh = newToken();
  await tx.insert(applications).values({
    ...values,
    organizationId: property.organizationId,
    propertyId: property.id,
    propertyName: property.name,
    status: "draft",
    resumeTokenHash: fresh.hash,
  });
  return { token: fresh.token, expiresAt: values.resumeExpiresAt, property, isNew: true };
}
