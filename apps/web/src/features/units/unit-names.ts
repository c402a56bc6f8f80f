import type { UnitRow } from "@keyholder/contracts/units";
import { formatDate, NA } from "../../lib/format.ts";

/** A unit's building as the dropdowns name it (decision 014): its name, else "Building {number}". */
export const unitBuildingName = (u: Pick<UnitRow, "building_id" | "building_name" | "building_number">) =>
  u.building_id === null
    ? null
    : u.building_name?.trim() || (u.building_number === null ? "Unnamed building" : `Building ${u.building_number}`);

/** A unit's floor plan as the dropdowns name it: "name (code)". */
export const unitFloorPlanName = (u: Pick<UnitRow, "floor_plan_name" | "floor_plan_code">) =>
  u.floor_plan_name === null
    ? null
    : `${u.floor_plan_name}${u.floor_plan_code?.trim() ? ` (${u.floor_plan_code})` : ""}`;

/** A calendar day (YYYY-MM-DD) as the grids show dates: 12/1/2026, or 'N/A'. */
export const formatDay = (day: string | null | undefined) => (day ? formatDate(`${day}T00:00:00Z`) : NA);
