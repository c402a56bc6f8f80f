import { APPLICATION_DRAFT_DAYS } from "@keyholder/contracts/applications";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { MailMessage } from "../../lib/mail/mailer.ts";
import type { ListedProperty } from "./find-listed-property.ts";

/** The applicant's receipt. */
export const applicantConfirmation = (
  applicant: { fullName: string; email: string },
  property: ListedProperty,
  reference: string,
): MailMessage => ({
  to: applicant.email,
  subject: `We received your application for ${property.name}`,
  text: [
    `Hello ${applicant.fullName},`,
    "",
    `Thank you for applying to ${property.name}. Your application reference is ${reference}.`,
    "The property's team will review it and write to you at this address.",
    "",
    "The Keyholder team",
  ].join("\n"),
});

/** The link to finish a saved application later. */
export const draftLinkMail = (
  email: string,
  property: ListedProperty,
  baseUrl: string,
  token: string,
): MailMessage => ({
  to: email,
  subject: `Finish your application for ${property.name}`,
  text: [
    "Hello,",
    "",
    `You saved an application for ${property.name}. To finish it, open this link within ${APPLICATION_DRAFT_DAYS} days:`,
    "",
    `${baseUrl}/properties/${encodeURIComponent(property.slug)}/apply?resume=${encodeURIComponent(token)}`,
    "",
    "If you did not start this application, you can ignore this message.",
    "",
    "The Keyholder team",
  ].join("\n"),
});

/** One notice per enabled administrator of the property's organization. */
export async function administratorNotices(
  tx: Tx,
  property: ListedProperty,
  applicant: { fullName: string; email: string },
  reference: string,
  baseUrl: string,
): Promise<MailMessage[]> {
  const { rows } = (await tx.execute(sql`select u.username from users u join roles r on r.id = u.role_id
    where u.organization_id = ${property.organizationId} and r.name = 'ADMIN' and u.enabled`)) as unknown as {
    rows: { username: string }[];
  };
  return rows.map((r) => ({
    to: r.username,
    subject: `New application for ${property.name} from ${applicant.fullName}`,
    text: [
      "Hello,",
      "",
      `${applicant.fullName} (${applicant.email}) applied to ${property.name} (reference ${reference}).`,
      "Review it under Applicants > All Applicants in Keyholder:",
      "",
      `${baseUrl}/workspace`,
      "",
      "The Keyholder team",
    ].join("\n"),
  }));
}
