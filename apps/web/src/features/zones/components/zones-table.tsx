import { ZONE_COLUMNS, ZONES_PAGE_SIZE, type ZoneRow, zoneMessages } from "@keyholder/contracts/zones";
import {
  auditDateCells,
  type Cells,
  gridColumns,
  historyFields,
} from "../../../components/data-table/declared-columns.ts";
import { InPlaceRecord } from "../../../components/data-table/in-place-record.tsx";
import type { RecordDefinition } from "../../../components/data-table/record-definition.ts";
import { RecordTable } from "../../../components/data-table/record-table.tsx";
import { formatNumber, formatOccupancy } from "../../../lib/format.ts";
import type { InPlaceRecordProps } from "../../../lib/in-place-records.ts";
import { propertyNameOf } from "../../../lib/property-names.ts";
import type { TableTabProps } from "../../../lib/tab-handlers.ts";
import { deleteZones } from "../api/delete-zones.ts";
import { getZone } from "../api/get-zone.ts";
import { getZoneHistory } from "../api/get-zone-history.ts";
import { getZones, ZONES_QUERY_KEY } from "../api/get-zones.ts";
import { restoreZones } from "../api/restore-zones.ts";
import { ZoneForm } from "./zone-form.tsx";

const occupancy = (z: ZoneRow) => formatOccupancy(z.occupied_units, z.total_units);

const cells: Cells<ZoneRow, typeof ZONE_COLUMNS> = {
  name: { value: (z) => z.name },
  property_name: { value: (z) => z.property.name },
  description: { value: (z) => z.description },
  logo: { value: (z) => z.logo },
  secondary_url: { value: (z) => z.secondary_url },
  url: { value: (z) => z.url },
  tax_id: { value: (z) => z.tax_id },
  city: { value: (z) => z.address.city },
  state_name: { value: (z) => z.address.state.state_name },
  building_count: { value: (z) => z.building_count, align: "right", render: (z) => formatNumber(z.building_count) },
  total_units: { value: (z) => z.total_units, align: "right", render: (z) => formatNumber(z.total_units) },
  occupied_units: { value: (z) => z.occupied_units, align: "right", render: (z) => formatNumber(z.occupied_units) },
  occupancy_rate: {
    value: (z) => (z.total_units ? z.occupied_units / z.total_units : null),
    align: "right",
    render: occupancy,
    text: occupancy,
  },
  ...auditDateCells<ZoneRow>(),
};

/** Spec records 2.6, 3.9 and 9: the Zones table as a definition of the shared grid. */
const zonesDefinition: RecordDefinition<ZoneRow> = {
  grid: {
    key: ZONES_QUERY_KEY,
    defaultSort: "z.name",
    pageSize: ZONES_PAGE_SIZE,
    rowId: (z) => String(z.id),
    fetchPage: getZones,
    loadError: zoneMessages.loadFailed,
    empty: {
      title: zoneMessages.emptyTitle,
      none: zoneMessages.emptyText,
      noMatch: zoneMessages.emptyNoMatch,
      add: zoneMessages.add,
    },
    columns: gridColumns(ZONE_COLUMNS, cells),
  },
  noun: { one: "Zone", many: "zones" },
  recordId: (z) => z.id,
  titles: {
    name: (z) => z.name,
    view: (z) => `Zone: ${z.name}`,
    edit: (z) => `Edit Zone: ${z.name}`,
    add: "Add New Zone",
    remove: (z) => `Delete Zone: ${z.name}`,
    removeMany: (n) => `Delete ${n} Zones`,
    history: (z) => `Zone History: ${z.name}`,
  },
  menu: { view: "View Zone", edit: "Edit Zone", remove: "Delete Zone" },
  messages: zoneMessages,
  exportFiles: { all: "all_zones.csv", selected: "selected_zones.csv" },
  historyFields: historyFields(ZONE_COLUMNS, {
    property_id: propertyNameOf,
  }),
  fetchRecord: (id) => getZone(Number(id)),
  loadHistory: getZoneHistory,
  remove: deleteZones,
  restore: restoreZones,
  Form: ZoneForm,
  formWidth: "max-w-none sm:w-2/3",
};

/** Zone > All Zones. */
export function ZonesTable(props: TableTabProps) {
  return <RecordTable definition={zonesDefinition} label="All Zones" {...props} />;
}

/** Zones opened in place from a property's editor (its Zones tab). */
export function ZoneRecords(props: InPlaceRecordProps) {
  return <InPlaceRecord definition={zonesDefinition} {...props} />;
}
