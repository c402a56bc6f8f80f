import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { BUILDING_COLUMNS, BUILDING_FIELD_LABELS, BUILDING_SORT_KEYS, buildingFormSchema } from "./buildings.ts";
import {
  type ColumnDeclarations,
  declareColumns,
  exportHeaderOf,
  fieldLabelsOf,
  filterTypesOf,
  sortKeysOf,
} from "./columns.ts";
import { FLOOR_PLAN_FIELD_LABELS, floorPlanFormSchema } from "./floor-plans.ts";
import { TENANT_COLUMNS, tenantRowSchema } from "./tenants.ts";
import { UNIT_COLUMNS, UNIT_FIELD_LABELS, unitFormSchema, unitRowSchema } from "./units.ts";
import { ZONE_FIELD_LABELS, zoneFormSchema } from "./zones.ts";

describe("column declarations", () => {
  const columns = declareColumns({
    name: { label: "Name", type: "text", sortKey: "x.name", field: "name" },
    rate: { label: "Rate", sortKey: "rate" },
    count: { label: "Units (planned)", type: "number", exportHeader: "Number of Units", field: "planned" },
  });

  it("derive the sort keys, the filterable columns, the history labels and the export headers", () => {
    expect(sortKeysOf(columns)).toEqual(["x.name", "rate"]);
    expect(filterTypesOf(columns)).toEqual({ name: "text", count: "number" });
    expect(fieldLabelsOf(columns)).toEqual({ name: "Name", planned: "Units (planned)" });
    expect(exportHeaderOf(columns.count)).toBe("Number of Units");
    expect(exportHeaderOf(columns.name)).toBe("Name");
  });

  it("label every field a form saves, so the History dialog names each change", () => {
    for (const [schema, labels] of [
      [buildingFormSchema, BUILDING_FIELD_LABELS],
      [floorPlanFormSchema, FLOOR_PLAN_FIELD_LABELS],
      [zoneFormSchema, ZONE_FIELD_LABELS],
      [unitFormSchema, UNIT_FIELD_LABELS],
    ] as const) {
      for (const field of Object.keys(schema.shape)) expect(labels, field).toHaveProperty(field);
    }
  });

  it("name, for every column of a list that declares them, fields of its rows as what the column reads (issue 31)", () => {
    const declared: [string, ColumnDeclarations, z.ZodObject][] = [
      ["units", UNIT_COLUMNS, unitRowSchema],
      ["tenants", TENANT_COLUMNS, tenantRowSchema],
    ];
    for (const [list, declarations, row] of declared) {
      for (const [id, column] of Object.entries(declarations)) {
        expect(column.shows?.length, `${list}: ${id}`).toBeGreaterThan(0);
        for (const field of column.shows ?? []) expect(Object.keys(row.shape), `${list}: ${id}`).toContain(field);
      }
    }
  });

  it("keep the spec's building sort keys (records 3.1)", () => {
    expect(BUILDING_SORT_KEYS).toEqual([
      "b.name",
      "b.building_number",
      "b.created_date",
      "b.last_modified_date",
      "p.name",
      "z.name",
      "bt.name",
      "total_units",
      "occupied_units",
      "occupied_units/total_units",
      "a.city",
      "s.state_name",
    ]);
    expect(BUILDING_COLUMNS.occupancy_rate).not.toHaveProperty("type");
  });
});
