import { describe, expect, it } from "vitest";
import type { GridDefinition } from "./types.ts";
import { lacksColumnFields, wantedFields } from "./wanted-fields.ts";

type Row = { id: number; name: string; beds: number; city: string };
const definition = (keeps?: string[]) =>
  ({
    keeps,
    columns: [
      { id: "name", header: "Name", value: (r: Row) => r.name, shows: ["name"] },
      { id: "beds", header: "Beds", value: (r: Row) => r.beds, shows: ["beds"] },
      { id: "city", header: "City", value: (r: Row) => r.city, shows: ["city", "name"] },
    ],
  }) as unknown as GridDefinition<Row>;

describe("the fields a grid asks for (issue 31)", () => {
  it("are those it keeps and those of the columns shown, or every column's when Export wants them", () => {
    expect(wantedFields(definition(["id"]), { beds: false }, false)).toEqual(["city", "id", "name"]);
    expect(wantedFields(definition(["id"]), { beds: false, city: false }, false)).toEqual(["id", "name"]);
    expect(wantedFields(definition(["id"]), { beds: false, city: false }, true)).toEqual([
      "beds",
      "city",
      "id",
      "name",
    ]);
  });

  it("are all of them for a definition that does not say what it keeps", () => {
    expect(wantedFields(definition(), { beds: false }, false)).toBeUndefined();
  });

  it("tell a row loaded without a column's fields", () => {
    const [, beds] = definition(["id"]).columns;
    if (!beds) throw new Error("no beds column");
    expect(lacksColumnFields(beds, { id: 1, name: "A", city: "X" } as Row)).toBe(true);
    expect(lacksColumnFields(beds, { id: 1, name: "A", beds: 2, city: "X" })).toBe(false);
  });
});
