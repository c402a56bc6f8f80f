import {
  APPLICATION_STATUS_LABELS,
  type ApplicationStatus,
  applicationMessages,
  applicationReference,
} from "@keyholder/contracts/applications";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { applications } from "../../db/schema/index.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import { HttpError, notFound } from "../../lib/http-error.ts";
import type { MailMessage } from "../../lib/mail/mailer.ts";

const where = (orgId: string, id: string) =>
  and(eq(applications.organizationId, orgId), eq(applications.id, id), ne(applications.status, "draft"));

/**
 * Moves a submitted application to another status with an optional note (both in its history), and
 * answers the email that tells the applicant, when they are to be told.
 */
export async function changeStatus(
  tx: Tx,
  actor: Actor,
  id: string,
  change: { status: ApplicationStatus; note: string | null; notify_applicant: boolean },
): Promise<{ mail: MailMessage | null }> {
  const [before] = await tx
    .select({
      status: applications.status,
      statusNote: applications.statusNote,
      fullName: applications.fullName,
      email: applications.email,
      propertyName: applications.propertyName,
    })
    .from(applications)
    .where(where(actor.orgId, id))
    .for("update");
  if (!before) throw notFound(applicationMessages.applicationNotFound);
  if (before.status === change.status && (before.statusNote ?? null) === change.note) {
    throw new HttpError(409, "STATUS_UNCHANGED", applicationMessages.alreadyThere);
  }
  await tx
    .update(applications)
    .set({ status: change.status, statusNote: change.note, lastModifiedBy: actor.userId, lastModifiedDate: sql`now()` })
    .where(where(actor.orgId, id));
  await writeAudit(tx, actor, "application", [
    {
      action: "update",
      entityId: id,
      before: { status: before.status, status_note: before.statusNote },
      after: { status: change.status, status_note: change.note },
    },
  ]);
  if (!change.notify_applicant || before.status === change.status) return { mail: null };
  return {
    mail: {
      to: before.email,
      subject: `Your application for ${before.propertyName}: ${APPLICATION_STATUS_LABELS[change.status]}`,
      text: [
        `Hello ${before.fullName},`,
        "",
        `Your application for ${before.propertyName} (reference ${applicationReference(id)}) is now: ${APPLICATION_STATUS_LABELS[change.status]}.`,
        ...(change.note ? ["", change.note] : []),
        "",
        "The Keyholder team, for the property's team",
      ].join("\n"),
    },
  };
}
