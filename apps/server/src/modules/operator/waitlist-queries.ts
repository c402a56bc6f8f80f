import type { WaitlistEntry } from "@keyholder/contracts/operator";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { organizations, persons, roles, users } from "../../db/schema/index.ts";

type OrganizationRow = typeof organizations.$inferSelect;
type WaitlistStatus = WaitlistEntry["waitlist_status"];

/**
 * The applicant of each organization: its first ADMIN user (the one who signed up). One query for
 * the whole page, not one per organization.
 */
async function ownersOf(tx: Tx, orgIds: string[]) {
  if (orgIds.length === 0) return new Map<string, WaitlistEntry["owner"]>();
  const rows = await tx
    .select({
      organizationId: users.organizationId,
      username: users.username,
      email: persons.email,
      firstName: persons.firstName,
      lastName: persons.lastName,
      phone: persons.phone,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(persons, and(eq(persons.organizationId, users.organizationId), eq(persons.id, users.personId)))
    .where(and(inArray(users.organizationId, orgIds), eq(roles.name, "ADMIN")))
    .orderBy(asc(users.id));
  const owners = new Map<string, WaitlistEntry["owner"]>();
  for (const r of rows) {
    if (owners.has(r.organizationId)) continue;
    owners.set(r.organizationId, {
      email: r.email ?? r.username,
      first_name: r.firstName ?? "",
      last_name: r.lastName ?? "",
      phone: r.phone ?? null,
    });
  }
  return owners;
}

const noOwner: WaitlistEntry["owner"] = { email: "", first_name: "", last_name: "", phone: null };

export async function toWaitlistEntries(tx: Tx, rows: OrganizationRow[]): Promise<WaitlistEntry[]> {
  const owners = await ownersOf(
    tx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    number: r.number,
    waitlist_status: r.waitlistStatus as WaitlistStatus,
    created_date: r.createdDate,
    reviewed_at: r.reviewedAt,
    num_of_units: r.numOfUnits,
    property_types: r.propertyTypes,
    current_software: r.currentSoftware,
    owner: owners.get(r.id) ?? noOwner,
  }));
}

/** Organizations with this status, oldest application first; the platform's own never appears. */
export async function selectWaitlist(tx: Tx, status: WaitlistStatus) {
  const rows = await tx
    .select()
    .from(organizations)
    .where(and(eq(organizations.waitlistStatus, status), eq(organizations.isPlatform, false)))
    .orderBy(asc(organizations.createdDate), asc(organizations.number));
  return toWaitlistEntries(tx, rows);
}
