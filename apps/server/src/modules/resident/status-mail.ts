import { MAINTENANCE_STATUS_LABELS, type MaintenanceRow } from "@keyholder/contracts/maintenance";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { MailMessage } from "../../lib/mail/mailer.ts";

/**
 * The email a resident gets when staff move their request to another status (decision 036): only
 * for a request of a tenant with an activated resident account; the staff's note stays theirs
 * (the comments shared with the resident are on the request's page, which the mail links to). Read in the change's transaction, sent once it
 * has committed.
 */
export async function residentStatusMail(tx: Tx, orgId: string, row: MaintenanceRow, baseUrl: string) {
  if (!row.tenant_id) return null;
  const { rows } = (await tx.execute(sql`select a.email, t.name, o.name as organization_name
    from resident_accounts a
    join tenants t on t.organization_id = a.organization_id and t.id = a.tenant_id
    join organizations o on o.id = a.organization_id
    where a.organization_id = ${orgId} and a.password_hash is not null and (a.tenant_id = ${row.tenant_id}
      or a.id = (select x.account_id from resident_account_tenants x
        where x.organization_id = ${orgId} and x.tenant_id = ${row.tenant_id}))`)) as unknown as {
    rows: { email: string; name: string; organization_name: string }[];
  };
  const to = rows[0];
  if (!to) return null;
  const status = MAINTENANCE_STATUS_LABELS[row.status];
  const mail: MailMessage = {
    to: to.email,
    subject: `Your maintenance request ${row.request_no} is now ${status}`,
    text: [
      `Hello ${to.name},`,
      "",
      `${to.organization_name} moved your maintenance request "${row.title}" (number ${row.request_no}) to ${status}.`,
      "Follow it in your resident portal:",
      "",
      `${baseUrl}/resident/maintenance/${row.id}`,
      "",
      "The Keyholder team",
    ].join("\n"),
  };
  return mail;
}
