import { type AddressForm, type PropertyForm, propertyMessages, slugify } from "@keyholder/contracts/properties";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { AuditedFields } from "../../lib/audit.ts";
import { zipInfo } from "../../lib/geo/zip-directory.ts";
import { badRequest } from "../../lib/http-error.ts";

type Rows<T> = { rows: T[] };

/** The address as stored: its state's id, and coordinates from the ZIP code when the form gave none. */
export interface ResolvedAddress extends AddressForm {
  stateId: number;
}

/**
 * Checks what the form refers to, all problems at once as field messages: the property type, the
 * manager (a person of the caller's organization), the state (by code), and the ZIP code against
 * the state when the national directory knows it. Coordinates the form left empty come from the
 * ZIP code's centre (a ZIP code the directory lacks keeps them empty).
 */
export async function resolvePropertyForm(tx: Tx, form: PropertyForm): Promise<ResolvedAddress> {
  const { rows } = (await tx.execute(sql`
    select
      exists (select 1 from property_types where id = ${form.property_type_id} and is_active) as type_ok,
      (${form.property_manager_id}::int is null
        or exists (select 1 from persons where id = ${form.property_manager_id}::int)) as manager_ok,
      (select id from us_states where state_code = ${form.address.state_code}) as state_id,
      (select state_name from us_states where state_code = ${form.address.state_code}) as state_name`)) as unknown as Rows<{
    type_ok: boolean;
    manager_ok: boolean;
    state_id: number | null;
    state_name: string | null;
  }>;
  const found = rows[0];
  const fields: Record<string, string[]> = {};
  if (!found?.type_ok) fields.property_type_id = [propertyMessages.typeRequired];
  if (!found?.manager_ok) fields.property_manager_id = [propertyMessages.managerUnknown];
  if (found?.state_id === null || found?.state_id === undefined)
    fields["address.state_code"] = [propertyMessages.stateUnknown];
  const zip = zipInfo(form.address.zipcode);
  if (zip && found?.state_id && zip.stateCode !== form.address.state_code) {
    const { rows: states } = (await tx.execute(
      sql`select state_name from us_states where state_code = ${zip.stateCode}`,
    )) as unknown as Rows<{ state_name: string }>;
    fields["address.zipcode"] = [
      propertyMessages.zipOtherState(form.address.zipcode, states[0]?.state_name ?? zip.stateCode),
    ];
  }
  if (Object.keys(fields).length > 0) throw badRequest(Object.values(fields)[0]?.[0] ?? "", fields);
  const located = form.address.latitude === null && zip ? { latitude: zip.lat, longitude: zip.lon } : {};
  return { ...form.address, ...located, stateId: Number(found?.state_id) };
}

/**
 * The property's public address: the one the form gives, refused when another property has it;
 * else its current one; else one made from the name, numbered past those taken
 * ("maple-lofts-2"). Uniqueness is platform-wide, which only free_property_slug can see (0013).
 */
export async function slugFor(tx: Tx, form: PropertyForm, current: { id: string; slug: string | null } | null) {
  const wanted = form.property_slug ?? current?.slug ?? null;
  const base = wanted ?? (slugify(form.name) || "property");
  const { rows } = (await tx.execute(
    sql`select free_property_slug(${base}, ${current?.id ?? null}::uuid) as slug`,
  )) as unknown as Rows<{ slug: string }>;
  const free = rows[0]?.slug ?? base;
  if (wanted && free !== wanted) {
    throw badRequest(propertyMessages.slugTaken, { property_slug: [propertyMessages.slugTaken] });
  }
  return free;
}

/** The form's property fields as drizzle column values. */
export function propertyValues(form: PropertyForm, slug: string) {
  return {
    name: form.name,
    propertyTypeId: form.property_type_id,
    propertyManagerId: form.property_manager_id,
    isActive: form.is_active,
    lotSize: form.lot_size,
    lotSizeUnit: form.lot_size_unit,
    numberOfParkingSpots: form.number_of_parking_spots,
    petPolicy: form.pet_policy,
    yearBuilt: form.year_built,
    lastRenovated: form.last_renovated,
    propertySlug: slug,
    showPropertyOnline: form.show_property_online,
    openingHours: form.opening_hours,
  };
}

/** The address fields as drizzle column values. */
export function addressValues(address: ResolvedAddress) {
  return {
    addressLine1: address.address_line_1,
    addressLine2: address.address_line_2,
    addressLine3: address.address_line_3,
    city: address.city,
    stateId: address.stateId,
    zipcode: address.zipcode,
    latitude: address.latitude,
    longitude: address.longitude,
  };
}

/**
 * The audited fields of a property: its own and its address's, flat, named as the grid's columns
 * label them (contracts PROPERTY_COLUMNS). Opening hours are kept as their JSON text.
 */
export function propertyAuditFields(row: {
  name: string;
  property_type_id: number;
  property_manager_id: number | null;
  is_active: boolean;
  lot_size: number | null;
  lot_size_unit: string | null;
  number_of_parking_spots: number | null;
  pet_policy: string | null;
  year_built: number | null;
  last_renovated: string | null;
  property_slug: string | null;
  show_property_online: boolean;
  opening_hours: unknown;
  address: {
    address_line_1: string;
    address_line_2: string | null;
    address_line_3: string | null;
    city: string;
    state: { state_code: string };
    zipcode: string;
    latitude: number | null;
    longitude: number | null;
  } | null;
}): AuditedFields {
  const a = row.address;
  return {
    name: row.name,
    property_type_id: row.property_type_id,
    property_manager_id: row.property_manager_id,
    is_active: row.is_active,
    lot_size: row.lot_size,
    lot_size_unit: row.lot_size_unit,
    number_of_parking_spots: row.number_of_parking_spots,
    pet_policy: row.pet_policy,
    year_built: row.year_built,
    last_renovated: row.last_renovated,
    property_slug: row.property_slug,
    show_property_online: row.show_property_online,
    opening_hours: row.opening_hours ? JSON.stringify(row.opening_hours) : null,
    address_line_1: a?.address_line_1 ?? null,
    address_line_2: a?.address_line_2 ?? null,
    address_line_3: a?.address_line_3 ?? null,
    city: a?.city ?? null,
    state_code: a?.state.state_code ?? null,
    zipcode: a?.zipcode ?? null,
    latitude: a?.latitude ?? null,
    longitude: a?.longitude ?? null,
  };
}
