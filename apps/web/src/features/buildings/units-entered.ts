import type { BuildingRow } from "@keyholder/contracts/buildings";
import { formatNumber } from "../../lib/format.ts";

/**
 * The units entered, against the plan when one was made: "12 of 120 planned" says at a glance that
 * the building is not all entered yet (or has more than planned).
 */
export const unitsEntered = (row: Pick<BuildingRow, "total_units" | "number_of_units">) =>
  row.number_of_units > 0 && row.total_units !== row.number_of_units
    ? `${formatNumber(row.total_units)} of ${formatNumber(row.number_of_units)} planned`
    : formatNumber(row.total_units);
