import { type UnitRangeForm, unitRangeResponseSchema } from "@keyholder/contracts/unit-range";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/units/range: the units of a range ("101-112") at once, all or none; answers them first to last. */
export const saveUnitRange = async ({ unit_number: numbers, ...unit }: UnitRangeForm) => {
  const first = numbers[0] ?? "";
  const last = numbers.at(-1) ?? "";
  const { units } = await api("/units/range", {
    method: "POST",
    body: { ...unit, unit_number: `${first}-${last}` },
    schema: unitRangeResponseSchema,
  });
  return units;
};
