import { NOTICE_KINDS, workspacePathOf } from "@keyholder/contracts/notices";
import { rolesWith } from "@keyholder/contracts/permissions";
import { STAFF_STATUSES, staffMessages } from "@keyholder/contracts/staff";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { MailMessage } from "../../lib/mail/mailer.ts";
import { type NewNotice, postNotice, resolveNotices } from "../../lib/notices.ts";

/** A staff member who waits for approval, and the administrators to tell by email. */
export interface ApprovalRequest {
  staffId: string;
  name: string;
  email: string;
  organizationName: string;
  approvers: string[];
}

const APPROVE = "staff.manage" as const;
const subjectOf = (staffId: string) => ({ type: "staff" as const, id: staffId });

/** The notice that a staff member waits, for everyone who may approve them. */
export const awaitingApprovalNotice = (staffId: string, name: string): NewNotice => ({
  kind: NOTICE_KINDS.staffAwaitingApproval,
  title: staffMessages.awaitingApproval(name),
  body: staffMessages.awaitingApprovalHelp,
  subject: subjectOf(staffId),
  audience: { permission: APPROVE },
});

/**
 * A staff member has just accepted and waits (decision 025): every administrator who may approve
 * them gets a notice in the workspace, posted in the acceptance's transaction, and the addresses to
 * email once it has committed.
 */
export async function announceAwaitingApproval(tx: Tx, orgId: string, staffId: string): Promise<ApprovalRequest> {
  const { rows } = (await tx.execute(sql`
    select coalesce(nullif(s.name, ''), nullif(trim(concat_ws(' ', pe.first_name, pe.last_name)), ''), s.email) as name,
      s.email, o.name as organization_name
    from staff s
    join organizations o on o.id = s.organization_id
    left join users u on u.organization_id = s.organization_id and u.id = s.user_id
    left join persons pe on pe.organization_id = u.organization_id and pe.id = u.person_id
    where s.organization_id = ${orgId} and s.id = ${staffId}`)) as unknown as {
    rows: { name: string; email: string; organization_name: string }[];
  };
  const staff = rows[0];
  if (!staff) throw new Error("accepted staff member vanished");
  await postNotice(tx, orgId, awaitingApprovalNotice(staffId, staff.name));
  const approvers = (await tx.execute(sql`
    select u.username from users u join roles r on r.id = u.role_id
    where u.organization_id = ${orgId} and u.enabled and not u.locked and not u.banned and not u.waitlisted
      and r.name in (${sql.join(
        rolesWith(APPROVE).map((role) => sql`${role}`),
        sql`, `,
      )})
    order by u.id`)) as unknown as { rows: { username: string }[] };
  return {
    staffId,
    name: staff.name,
    email: staff.email,
    organizationName: staff.organization_name,
    approvers: approvers.rows.map((r) => r.username),
  };
}

/** Approved or removed: nothing is pending any more, for anyone. */
export const settleAwaitingApproval = (tx: Tx, orgId: string, staffId: string) =>
  resolveNotices(tx, orgId, NOTICE_KINDS.staffAwaitingApproval, subjectOf(staffId));

/** The email to each administrator, with the link that opens the staff member in the workspace. */
export function approvalMails(request: ApprovalRequest, baseUrl: string): MailMessage[] {
  const who = request.name === request.email ? request.email : `${request.name} (${request.email})`;
  const text = [
    "Hello,",
    "",
    `${who} accepted the invitation to join ${request.organizationName} on Keyholder and is waiting for an administrator's approval. Until then they cannot use Keyholder.`,
    "",
    "To approve them, open this link and choose Approve:",
    "",
    `${baseUrl}${workspacePathOf(subjectOf(request.staffId))}`,
    "",
    `They are also listed under Users > Staff, with the status ${STAFF_STATUSES.awaitingApproval}.`,
    "",
    "The Keyholder team",
  ].join("\n");
  return request.approvers.map((to) => ({
    to,
    subject: `${request.name} is waiting for your approval on Keyholder`,
    text,
  }));
}
