import {
  type ZoneOverview as Overview,
  ZONE_OVERVIEW_BUILDINGS,
  type ZoneRow,
  zoneMessages,
} from "@keyholder/contracts/zones";
import { useQuery } from "@tanstack/react-query";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { RecordView } from "../../../components/ui/record-view.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { formatNumber, formatOccupancy, NA } from "../../../lib/format.ts";
import { zoneOverviewQuery } from "../api/get-zone-overview.ts";

const link = (url: string | null) =>
  url ? (
    <a href={url} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline dark:text-brand-500">
      {url}
    </a>
  ) : null;

function addressOf(p: Overview["property"]) {
  const cityLine = [p.city, [p.state, p.zipcode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return [p.address_line_1, p.address_line_2, cityLine].filter(Boolean).join("\n");
}

/** The zone's values and its figures, counted from its buildings as they are now. */
const items = ({ zone, property, figures }: Overview) => [
  { label: "Zone Name", value: zone.name },
  { label: "Property", value: property.name },
  { label: "Address", value: addressOf(property) },
  { label: "Buildings", value: formatNumber(figures.buildings) },
  { label: "Units", value: formatNumber(figures.units) },
  { label: "Occupied Units", value: formatNumber(figures.occupied_units) },
  { label: "Occupancy Rate", value: formatOccupancy(figures.occupied_units, figures.units) },
  { label: "Description", value: zone.description },
  { label: "URL", value: link(zone.url) },
  { label: "Secondary URL", value: link(zone.secondary_url) },
  { label: "Logo URL", value: link(zone.logo) },
  { label: "Tax ID", value: zone.tax_id },
];

function BuildingsInZone({ overview }: { overview: Overview }) {
  const { buildings, figures } = overview;
  if (!buildings.length) {
    return <p className="text-sm text-slate-600 dark:text-slate-400">No buildings are in this zone yet.</p>;
  }
  const cell = "px-2 py-1.5";
  return (
    <div className="max-h-72 overflow-auto rounded-lg border border-slate-200 dark:border-slate-700">
      <table className="w-full text-sm">
        <caption className="px-2 py-1.5 text-left font-medium">
          Buildings in this zone
          {figures.buildings > buildings.length
            ? ` (the first ${formatNumber(ZONE_OVERVIEW_BUILDINGS)} of ${formatNumber(figures.buildings)})`
            : ""}
        </caption>
        <thead className="bg-slate-50 text-left text-slate-600 dark:bg-slate-800 dark:text-slate-300">
          <tr>
            <th scope="col" className={cell}>
              Building
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Units
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Occupied
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Occupancy
            </th>
          </tr>
        </thead>
        <tbody>
          {buildings.map((b) => (
            <tr key={b.id} className="border-t border-slate-200 dark:border-slate-700">
              <th scope="row" className={`${cell} text-left font-normal`}>
                {b.name ?? NA}
                {b.building_number === null ? "" : ` (No. ${b.building_number})`}
              </th>
              <td className={`${cell} text-right`}>{formatNumber(b.total_units)}</td>
              <td className={`${cell} text-right`}>{formatNumber(b.occupied_units)}</td>
              <td className={`${cell} text-right`}>{formatOccupancy(b.occupied_units, b.total_units)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** View Zone (spec records 2.6): the zone's property, buildings, units and occupancy, as they are now. */
export function ZoneOverview({
  zone,
  onClose,
  onEdit,
}: {
  zone: ZoneRow;
  onClose(): void;
  onEdit?: (() => void) | undefined;
}) {
  const overview = useQuery(zoneOverviewQuery(zone.id));
  if (overview.isPending) return <Spinner label="Loading the zone's figures" />;
  if (overview.isError) {
    return (
      <div className="flex flex-col gap-4">
        <Alert>{zoneMessages.overviewFailed}</Alert>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onPress={onClose}>
            Close
          </Button>
          <Button onPress={() => void overview.refetch()}>Try again</Button>
        </div>
      </div>
    );
  }
  return (
    <RecordView items={items(overview.data)} onClose={onClose} onEdit={onEdit}>
      <BuildingsInZone overview={overview.data} />
    </RecordView>
  );
}
