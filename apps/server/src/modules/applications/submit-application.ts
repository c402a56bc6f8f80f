import { createHash } from "node:crypto";
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
import { badRequest, HttpError, notFound } from "../../lib/http-error.ts";
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

/**
 * What a submission says, as a hash: its property and every answer, without the key itself, the
 * draft's link or the honeypot. A field added to the form is covered without a change here.
 */
export function submissionHash(propertyId: string, input: Submission) {
  const { idempotency_key: _key, resume_token: _token, website: _website, ...answers } = input;
  const sorted = Object.entries(answers).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash("sha256")
    .update(JSON.stringify([propertyId, sorted]))
    .digest("hex");
}

/** The application this key made, if any, with what its submission said. */
const madeWith = async (tx: Tx, idempotencyKey: string) => {
  const [row] = await tx
    .select({
      id: applications.id,
      propertyId: applications.propertyId,
      requestHash: applications.requestHash,
      propertyName: applications.propertyName,
      email: applications.email,
      submittedAt: applications.submittedAt,
    })
    .from(applications)
    .where(eq(applications.idempotencyKey, idempotencyKey));
  return row;
};

/**
 * Whether this request is a retry of an application already made (so it is not counted against the
 * limits again): the same key, property and answers. A key reused otherwise is refused.
 */
export async function isRetry(tx: Tx, property: ListedProperty, input: Submission) {
  const made = await madeWith(tx, input.idempotency_key);
  if (!made) return false;
  refuseReuse(made, submissionHash(property.id, input));
  return true;
}

/** A key that made another application never answers with its receipt, nor says whose it was. */
function refuseReuse(made: { requestHash: string | null }, hash: string) {
  if (made.requestHash !== hash) throw new HttpError(422, "IDEMPOTENCY_KEY_REUSED", applicationMessages.keyReused);
}

const receiptOf = (row: { id: string; propertyName: string; email: string; submittedAt: string | null }) => ({
  reference: applicationReference(row.id),
  property_name: row.propertyName,
  email: row.email,
  submitted_at: new Date(row.submittedAt ?? Date.now()).toISOString(),
});

/**
 * Submits an application to the listed property at `slug` (run as the system: the organization is
 * the property's). A repeated idempotency key answers the application it made, unchanged, when the
 * request says the same (422 otherwise); a resume token turns the applicant's draft into the
 * application instead of adding a second row.
 */
export async function submitApplication(tx: Tx, slug: string, input: Submission): Promise<Submitted> {
  const property = await findListedProperty(tx, slug);
  if (!property) throw notFound(applicationMessages.propertyNotFound);
  const applicant = { fullName: input.full_name, email: input.email };

  const requestHash = submissionHash(property.id, input);

  const replay = async () => {
    const made = await madeWith(tx, input.idempotency_key);
    if (!made) return undefined;
    refuseReuse(made, requestHash);
    return { receipt: receiptOf(made), created: false, property, applicant };
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
    requestHash,
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
