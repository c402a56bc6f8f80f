import { aiResponseSchema } from "@keyholder/contracts/assistant";
import { BUILDING_FIELD_LABELS } from "@keyholder/contracts/buildings";
import { UNIT_FIELD_LABELS } from "@keyholder/contracts/units";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiSender, createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";

type Org = Awaited<ReturnType<typeof signedInOrganization>>;
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * Issue: "What changed recently?" said "someone changed a building". It now names the record and
 * the fields that changed, from and to, as the record's History does; changes made here through
 * the API, read back as the user who made them sees them.
 */
describe("the assistant on recent changes", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let org: Org;
  const one = async <T>(query: ReturnType<typeof sql>) =>
    asSystem(t.db, async (tx) => rows<T>(await tx.execute(query))[0] as T);

  beforeAll(async () => {
    t = await createTestApp();
    org = await signedInOrganization(t, "Changes Homes", { scale: 200, seed: 51 });
  });
  afterAll(() => t.close());

  const send = apiSender(
    () => t.app,
    () => org,
  );

  it("names the record and the fields that changed, newest first, deleted records too", async () => {
    const building = await one<{
      id: number;
      name: string;
      building_number: number | null;
      number_of_units: number;
      building_type_id: number | null;
      property_id: string;
      property_name: string;
      zone_id: number | null;
    }>(sql`select b.id, b.name, b.building_number, b.number_of_units, b.building_type_id, b.property_id,
        p.name as property_name, b.zone_id
      from buildings b join properties p on p.id = b.property_id
      where b.organization_id = ${org.orgId} and b.name is not null order by b.id limit 1`);
    const edited = await send("PUT", `/buildings/${building.id}`, {
      payload: {
        name: "Harbor Annex",
        // PostgreSQL hands bigint columns back as text.
        building_number: building.building_number === null ? null : Number(building.building_number),
        number_of_units: Number(building.number_of_units) + 4,
        building_type: building.building_type_id === null ? null : Number(building.building_type_id),
        property_id: building.property_id,
        zone_id: building.zone_id === null ? null : Number(building.zone_id),
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const unit = await one<{
      unit_id: number;
      unit_number: string;
      occupied: boolean;
      property_id: string;
      property_name: string;
      building_id: number | null;
      floor_plan_id: number | null;
      number_of_bedrooms: number | null;
      number_of_bathrooms: string | null;
      square_footage: number | null;
      date_available: string | null;
    }>(sql`select unit_id, unit_number, occupied, property_id, property_name, building_id, floor_plan_id,
        number_of_bedrooms, number_of_bathrooms, square_footage, date_available::text as date_available
      from units where organization_id = ${org.orgId} order by unit_id limit 1`);
    const changed = await send("PUT", `/units/${unit.unit_id}`, {
      payload: {
        unit_number: unit.unit_number,
        property_id: unit.property_id,
        building_id: unit.building_id === null ? null : Number(unit.building_id),
        floor_plan_id: unit.floor_plan_id === null ? null : Number(unit.floor_plan_id),
        number_of_bedrooms: unit.number_of_bedrooms === null ? null : Number(unit.number_of_bedrooms),
        number_of_bathrooms: unit.number_of_bathrooms === null ? null : Number(unit.number_of_bathrooms),
        square_footage: unit.square_footage === null ? null : Number(unit.square_footage),
        date_available: unit.date_available,
        occupied: !unit.occupied,
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const plan = await one<{ id: number; plan_name: string; property_name: string }>(
      sql`select fp.id, fp.plan_name, p.name as property_name from floor_plans fp
        join properties p on p.id = fp.property_id where fp.organization_id = ${org.orgId} order by fp.id limit 1`,
    );
    const deleted = await send("DELETE", `/floor-plans/${plan.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);

    const res = await send("POST", "/ai/query", { payload: { prompt: "What changed recently?" } });
    expect(res.statusCode, res.body).toBe(200);
    const lines = aiResponseSchema.parse(res.json()).response.split("\n");
    const who = "Changes Homes Admin";
    expect(lines[0]).toBe("The latest changes:");
    expect(lines[1]).toMatch(
      new RegExp(
        `^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC: ${who} deleted floor plan ${plan.plan_name} at ${plan.property_name}$`,
      ),
    );
    const status = (occupied: boolean) => (occupied ? "Occupied" : "Vacant");
    expect(lines[2]).toContain(
      `${who} edited unit ${unit.unit_number} at ${unit.property_name}: ${UNIT_FIELD_LABELS.occupied}: ${status(unit.occupied)} → ${status(!unit.occupied)}`,
    );
    expect(lines[3]).toContain(`${who} edited building Harbor Annex at ${building.property_name}: `);
    expect(lines[3]).toContain(`${BUILDING_FIELD_LABELS.name}: ${building.name} → Harbor Annex`);
    expect(lines[3]).toContain(
      `${BUILDING_FIELD_LABELS.number_of_units}: ${building.number_of_units} → ${Number(building.number_of_units) + 4}`,
    );
  });
});
