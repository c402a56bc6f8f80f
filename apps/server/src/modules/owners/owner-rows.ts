import { type Owner, ownerMessages } from "@keyholder/contracts/owners";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { refuseScopedUser } from "../../lib/refuse-scoped.ts";

export const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** Owners are the whole organization's business (decision 044): a user of some properties is refused. */
export const refuseScoped = (tx: Tx) => refuseScopedUser(tx, ownerMessages.scopedUser);

interface OwnerRow {
  id: string;
  kind: Owner["kind"];
  name: string;
  email: string | null;
  phone: string | null;
  legal_name: string | null;
  tax_classification: Owner["tax_classification"];
  taxpayer_id_last4: string | null;
  eligible_1099: boolean;
  properties: Owner["properties"] | string;
}

/** Owners by name with the properties they hold on `day` and their shares. */
export async function readOwners(tx: Tx, orgId: string, day: string, where: SQL = sql`true`): Promise<Owner[]> {
  return rowsOf<OwnerRow>(
    await tx.execute(sql`
      select o.id, o.kind, o.name, o.email, o.phone, o.legal_name, o.tax_classification, o.taxpayer_id_last4, o.eligible_1099,
        (select coalesce(json_agg(json_build_object('property', json_build_object('id', p.id, 'name', p.name),
            'share_bp', s.share_bp) order by p.name), '[]')
          from property_ownerships s join properties p on p.organization_id = s.organization_id and p.id = s.property_id
          where s.organization_id = o.organization_id and s.owner_id = o.id
            and s.starts_on <= ${day} and (s.ends_on is null or s.ends_on >= ${day})) as properties
      from owners o
      where o.organization_id = ${orgId} and ${where}
      order by lower(o.name), o.id
      limit 1000`),
  ).map((r) => ({
    ...r,
    properties: typeof r.properties === "string" ? (JSON.parse(r.properties) as Owner["properties"]) : r.properties,
  }));
}
