import type { ComponentType } from "react";

/**
 * Which menu entries open a data table, and the component that renders it. A table issue adds
 * one line here (spec: Property > All Properties, Building > All Buildings, Unit > All Units,
 * Unit > Floor Plans, Zone > All Zones, Users > Staff).
 */
export interface TableTabProps {
  tabId: string;
  quickFiltersVisible: boolean;
}

export const tableEntries: Record<string, { module: string; component?: ComponentType<TableTabProps> }> = {
  "Property > All Properties": { module: "Properties" },
  "Building > All Buildings": { module: "Buildings" },
  "Unit > All Units": { module: "Units" },
  "Unit > Floor Plans": { module: "Floor Plans" },
  "Zone > All Zones": { module: "Zones" },
  "Users > Staff": { module: "Staff" },
};

export const entryKey = (category: string, item: string) => `${category} > ${item}`;
