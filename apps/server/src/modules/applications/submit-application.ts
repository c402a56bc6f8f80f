import {
  type ApplicationReceipt,
  applicationMessages,
  applicationReference,
  type submitApplicationSchema,
} from "@keyholder/contracts/applications";
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { applications } from "../../db/schema/index.ts";
import { badRequest, notFound } from "../../lib/http-error.ts";
import { hashToken } from "../../lib/tokens.ts";
import { findListedProperty, findOfferedPlan, findOfferedUnit, type ListedProperty } from "./find-listed-property.ts";

type Submission = z.output<typeof submitApplicationSchema>;

export interface Submitted {
  receipt: ApplicationReceipt;
  /** False when the same idempotency key had already made this application (a retry). */
  created: boolean;
  property: ListedProperty;
  applicant: { fullName: string; email: string };
}

/** Whether this idempotency key has already made an application (so a retry is not counted again). */
export async function isKnownSubmission(tx: Tx, idempotencyKey: string) {
  const [row] = await tx
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.idempotencyKey, idempotencyKey));
  return row !== undefined;
}

const receiptOf = (row: { id: string; propertyName: string; email: string; submittedAt: string | null }) => ({
  reference: applicationReference(row.id),
  property_name: row.propertyName,
  email: row.email,
  submitted_at: new Date(row.submittedAt ?? Date.now()).toISOString(),
});

/**
 * Submits an application to the listed property at `slug` (run as the system: the organization is
 * the property's). A repeated idempotency key answers the application it made, unchanged; a resume
 * token turns the applicant's draft into the application instead of adding a second row.
 */
export async function submitApplication(tx: Tx, slug: string, input: Submission): Promise<Submitted> {
  const property = await findListedProperty(tx, slug);
  if (!property) throw notFound(applicationMessages.propertyNotFound);
  const applicant = { fullName: input.full_name, email: input.email };

  const replay = async () => {
    const [made] = await tx
      .select({
        id: applications.id,
        propertyName: applications.propertyName,
        email: applications.email,
        submittedAt: applications.submittedAt,
      })
      .from(applications)
      .where(eq(applications.idempotencyKey, input.idempotency_key));
    return made ? { receipt: receiptOf(made), created: false, property, applicant } : undefined;
  };
  const earlier = await replay();
  if (earlier) return earlier;

  let floorPlanName: string | null = null;
  if (input.floor_plan_id !== null) {
    floorPlanName = (await findOfferedPlan(tx, property, input.floor_plan_id)) ?? null;
    if (floorPlanName === null) {
      throw badRequest(applicationMessages.floorPlanUnknown, { floor_plan_id: [applicationMessages.floorPlanUnknown] });
    }
  }
  let unitNumber: string | null = null;
  if (input.unit_id !== null) {
    unitNumber = (await findOfferedUnit(tx, property, input.unit_id)) ?? null;
    if (unitNumber === null) {
      throw badRequest(applicationMessages.unitUnknown, { unit_id: [applicationMessages.unitUnknown] });
    }
  }
  const values = {
    floorPlanId: input.floor_plan_id,
    floorPlanName,
    unitId: input.unit_id,
    unitNumber,
    fullName: input.full_name,
    email: input.email,
    phone: input.phone,
    moveInDate: input.move_in_date,
    message: input.message,
    status: "new",
    submittedAt: sql`now()`,
    idempotencyKey: input.idempotency_key,
    resumeTokenHash: null,
    resumeExpiresAt: null,
    lastModifiedDate: sql`now()`,
  };

  // The applicant's own draft of this property becomes the application.
  if (input.resume_token) {
    const [finished] = await tx
      .update(applications)
      .set(values)
      .where(
        and(
          eq(applications.resumeTokenHash, hashToken(input.resume_token)),
          eq(applications.organizationId, property.organizationId),
          eq(applications.propertyId, property.id),
          eq(applications.status, "draft"),
        ),
      )
      .returning({
        id: applications.id,
        propertyName: applications.propertyName,
        email: applications.email,
        submittedAt: applications.submittedAt,
      });
    if (finished) return { receipt: receiptOf(finished), created: true, property, applicant };
  }

  // Two requests with one key at the same moment: the unique index lets one insert; the other reads it.
  const [made] = await tx
    .insert(applications)
    .values({
      ...values,
      organizationId: property.organizationId,
      propertyId: property.id,
      propertyName: property.name,
    })
    .onConflictDoNothing({ target: applications.idempotencyKey })
    .returning({
      id: applications.id,
      propertyName: applications.propertyName,
      email: applications.email,
      submittedAt: applications.submittedAt,
    });
  if (made) return { receipt: receiptOf(made), created: true, property, applicant };
  const raced = await replay();
  if (!raced) throw new Error("an application with this key vanished");
  return raced;
}
