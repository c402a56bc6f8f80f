import { errorCodes } from "@keyholder/contracts/errors";
import { operatorMessages, type WaitlistEntry } from "@keyholder/contracts/operator";
import { eq, sql } from "drizzle-orm";
import { asSystem, type Database } from "../../db/client.ts";
import { organizations, users } from "../../db/schema/index.ts";
import { HttpError, notFound } from "../../lib/http-error.ts";
import type { Mailer } from "../../lib/mail/mailer.ts";
import { findReviewableOrganization } from "./find-organization.ts";
import { approvedMail, rejectedMail } from "./waitlist-mail.ts";
import { toWaitlistEntries } from "./waitlist-queries.ts";

export type WaitlistDecision = "approve" | "reject";

interface Deps {
  db: Database;
  mailer: Mailer;
  /** Base of links in the applicant's mail (PUBLIC_URL). */
  baseUrl: string;
  /** The operator who decided, for the audit columns; null from the CLI. */
  operatorUserId?: number | null;
}

/**
 * Approves or rejects a waitlisted organization (by id or number). Approval lets its users sign in.
 * The applicant is told either way; the mail goes out after the decision is committed, so a
 * rolled-back decision never mails anyone.
 */
export async function decideWaitlist(deps: Deps, ref: string, decision: WaitlistDecision): Promise<WaitlistEntry> {
  const entry = await asSystem(deps.db, async (tx) => {
    const org = await findReviewableOrganization(tx, ref);
    if (!org) throw notFound(`No organization ${ref} is on the waitlist`);
    if (org.waitlistStatus !== "waitlisted") {
      throw new HttpError(409, errorCodes.conflict, operatorMessages.notWaitlisted);
    }
    const [updated] = await tx
      .update(organizations)
      .set({
        waitlistStatus: decision === "approve" ? "approved" : "rejected",
        reviewedAt: sql`now()`,
        lastModifiedDate: sql`now()`,
        lastModifiedBy: deps.operatorUserId ?? null,
      })
      .where(eq(organizations.id, org.id))
      .returning();
    if (decision === "approve") {
      await tx.update(users).set({ waitlisted: false }).where(eq(users.organizationId, org.id));
    }
    const [result] = await toWaitlistEntries(tx, updated ? [updated] : []);
    if (!result) throw new Error("decided organization vanished");
    return result;
  });

  if (entry.owner.email) {
    const applicant = { email: entry.owner.email, firstName: entry.owner.first_name, organizationName: entry.name };
    await deps.mailer.send(decision === "approve" ? approvedMail(applicant, deps.baseUrl) : rejectedMail(applicant));
  }
  return entry;
}
