import { type ApplicationDraft, applicationMessages } from "@keyholder/contracts/applications";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { notFound } from "../../lib/http-error.ts";
import { hashToken } from "../../lib/tokens.ts";
import { isPublic, publicFrom, rowsOf } from "../public-properties/public-fields.ts";

/** The draft behind a resume link, while it is a draft, unexpired, and its property still listed. */
export async function findDraft(tx: Tx, token: string): Promise<ApplicationDraft> {
  const row = rowsOf(
    await tx.execute(sql`select p.property_slug, ap.full_name, ap.email, ap.phone, ap.floor_plan_id, ap.unit_id,
        ap.move_in_date::text as move_in_date, ap.message
      from applications ap
      join ${publicFrom} on p.organization_id = ap.organization_id and p.id = ap.property_id
      where ap.resume_token_hash = ${hashToken(token)} and ap.status = 'draft' and ap.resume_expires_at > now()
        and ${isPublic}`),
  )[0];
  if (!row) throw notFound(applicationMessages.draftNotFound);
  return {
    property_slug: String(row.property_slug),
    full_name: String(row.full_name ?? ""),
    email: String(row.email),
    phone: String(row.phone ?? ""),
    floor_plan_id: row.floor_plan_id == null ? null : Number(row.floor_plan_id),
    unit_id: row.unit_id == null ? null : Number(row.unit_id),
    move_in_date: row.move_in_date == null ? "" : String(row.move_in_date),
    message: row.message == null ? "" : String(row.message),
  };
}
