import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { availableUnits, isPublic, publicFrom, rowsOf } from "../public-properties/public-fields.ts";

export interface ListedProperty {
  organizationId: string;
  id: string;
  name: string;
  slug: string;
}

/**
 * The property shown online at /properties/{slug}, with its organization: the only way the public
 * side learns which organization an application belongs to (never from the request).
 */
export async function findListedProperty(tx: Tx, slug: string): Promise<ListedProperty | undefined> {
  const row = rowsOf(
    await tx.execute(sql`select p.organization_id, p.id, p.name, p.property_slug from ${publicFrom}
      where p.property_slug = ${slug} and ${isPublic} limit 1`),
  )[0];
  return row
    ? { organizationId: String(row.organization_id), id: String(row.id), name: String(row.name), slug }
    : undefined;
}

/** The name of an active floor plan of the property, or undefined when it offers no such plan. */
export async function findOfferedPlan(tx: Tx, property: ListedProperty, floorPlanId: number) {
  const row = rowsOf(
    await tx.execute(sql`select plan_name from floor_plans
      where organization_id = ${property.organizationId} and property_id = ${property.id}
        and id = ${floorPlanId} and active`),
  )[0];
  return row ? String(row.plan_name) : undefined;
}

/**
 * The number of an available unit of the property that is offered as itself (no active floor
 * plan), or undefined when the property offers no such unit: it is let, another property's, or
 * applied for by its floor plan.
 */
export async function findOfferedUnit(tx: Tx, property: ListedProperty, unitId: number) {
  const row = rowsOf(
    await tx.execute(sql`select o.unit_number
      from ${availableUnits(sql`${property.organizationId}::uuid`, sql`${property.id}::uuid`)} o
      where o.unit_id = ${unitId} and o.plan_id is null`),
  )[0];
  return row ? String(row.unit_number) : undefined;
}
