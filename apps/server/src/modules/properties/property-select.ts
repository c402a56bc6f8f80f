import type { PropertyRow } from "@keyholder/contracts/properties";
import { sql } from "drizzle-orm";
import { isoTimestampSql, nullableNumber } from "../../lib/list-sql.ts";

/**
 * A property with its type, manager and address, as the grid and the API's answers carry it (spec
 * records 3.3): the joins (each to one row) and the columns, read by `toPropertyRow`.
 */
export const propertyFrom = sql`properties p
  join property_types pt on pt.id = p.property_type_id
  left join persons pm on pm.organization_id = p.organization_id and pm.id = p.property_manager_id
  left join addresses a on a.organization_id = p.organization_id and a.id = p.address_id
  left join us_states s on s.id = a.state_id`;

export const propertySelect = sql`p.id, p.name, p.property_type_id, p.property_manager_id, p.address_id, p.is_active,
  p.lot_size, p.lot_size_unit, p.number_of_parking_spots, p.pet_policy, p.property_slug, p.show_property_online, p.year_built,
  p.last_renovated::text as last_renovated, p.opening_hours, p.total_units, p.occupied_units, p.total_buildings,
  p.created_by, ${isoTimestampSql(sql`p.created_date`)} as created_date,
  p.last_modified_by, ${isoTimestampSql(sql`p.last_modified_date`)} as last_modified_date,
  pt.code as type_code, pt.name as type_name, pt.description as type_description, pt.category as type_category,
  pt.is_active as type_is_active,
  pm.first_name as manager_first_name, pm.last_name as manager_last_name, pm.email as manager_email,
  (select u.username from users u where u.organization_id = pm.organization_id and u.person_id = pm.id
    order by u.id limit 1) as manager_user_name,
  a.address_line_1, a.address_line_2, a.address_line_3, a.city, a.state_id, a.zipcode, a.latitude, a.longitude,
  a.address_type, a.primary_address, s.state_code, s.state_name, s.country_id`;

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

export function toPropertyRow(r: Record<string, unknown>): PropertyRow {
  const openingHours = typeof r.opening_hours === "string" ? JSON.parse(r.opening_hours) : r.opening_hours;
  return {
    id: String(r.id),
    name: String(r.name),
    property_type_id: Number(r.property_type_id),
    property_manager_id: nullableNumber(r.property_manager_id),
    address_id: nullableNumber(r.address_id),
    is_active: Boolean(r.is_active),
    lot_size: nullableNumber(r.lot_size),
    lot_size_unit: text(r.lot_size_unit),
    number_of_parking_spots: nullableNumber(r.number_of_parking_spots),
    pet_policy: (text(r.pet_policy) as PropertyRow["pet_policy"]) ?? null,
    property_slug: text(r.property_slug),
    show_property_online: Boolean(r.show_property_online),
    year_built: nullableNumber(r.year_built),
    last_renovated: text(r.last_renovated),
    opening_hours: openingHours ?? null,
    total_units: Number(r.total_units),
    occupied_units: Number(r.occupied_units),
    total_buildings: Number(r.total_buildings),
    created_by: nullableNumber(r.created_by),
    created_date: String(r.created_date),
    last_modified_by: nullableNumber(r.last_modified_by),
    last_modified_date: String(r.last_modified_date),
    property_type: {
      id: Number(r.property_type_id),
      code: String(r.type_code),
      name: String(r.type_name),
      description: String(r.type_description),
      category: r.type_category as PropertyRow["property_type"]["category"],
      is_active: Boolean(r.type_is_active),
    },
    property_manager:
      r.property_manager_id === null || r.manager_first_name === null || r.manager_first_name === undefined
        ? null
        : {
            id: Number(r.property_manager_id),
            first_name: String(r.manager_first_name),
            last_name: String(r.manager_last_name),
            email: String(r.manager_email),
            user_name: text(r.manager_user_name),
          },
    address:
      r.address_id === null || r.address_line_1 === null || r.address_line_1 === undefined
        ? null
        : {
            id: Number(r.address_id),
            address_line_1: String(r.address_line_1),
            address_line_2: text(r.address_line_2),
            address_line_3: text(r.address_line_3),
            city: String(r.city),
            state_id: Number(r.state_id),
            zipcode: String(r.zipcode),
            latitude: nullableNumber(r.latitude),
            longitude: nullableNumber(r.longitude),
            address_type: String(r.address_type),
            primary_address: Boolean(r.primary_address),
            state: {
              id: Number(r.state_id),
              state_code: String(r.state_code),
              state_name: String(r.state_name),
              country_id: Number(r.country_id),
            },
          },
  };
}
