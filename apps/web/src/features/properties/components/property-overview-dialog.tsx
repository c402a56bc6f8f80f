import { type PropertyOverview, propertyOverviewMessages } from "@keyholder/contracts/property-overview";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { formatDate, formatNumber, NA } from "../../../lib/format.ts";
import { propertyOverviewQuery } from "../api/get-property-overview.ts";

export interface OverviewTarget {
  id: string;
  name: string;
  /** The public page's address, when the property has one. */
  slug: string | null;
}

const orNA = (v: string | null) => (v?.trim() ? v : NA);

/** [key, label, value]; continuation lines of the address have no label. */
function rows(b: PropertyOverview["basic"]): [string, string, string][] {
  const cityLine = [b.city, [b.state, b.zipcode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  const extraLines = [b.address_line_2, b.address_line_3].flatMap((line, i): [string, string, string][] =>
    line ? [[`address-${i + 2}`, "", line]] : [],
  );
  return [
    ["name", "Name", b.name],
    ["address", "Address", orNA(b.address_line_1)],
    ...extraLines,
    ["city", "", orNA(cityLine)],
    ["latitude", "Latitude", b.latitude === null ? NA : b.latitude.toFixed(6)],
    ["longitude", "Longitude", b.longitude === null ? NA : b.longitude.toFixed(6)],
    ["renovated", "Last Renovation", formatDate(b.last_renovated)],
    ["lot", "Lot Size", b.lot_size === null ? NA : `${formatNumber(b.lot_size)} ${b.lot_size_unit ?? ""}`.trim()],
    ["parking", "Parking Spaces", formatNumber(b.parking_spaces)],
    ["type", "Type", b.type],
    ["units", "Unit Count", formatNumber(b.unit_count)],
    ["plans", "Floor Plans", formatNumber(b.unique_floorplans)],
    ["built", "Year Built", b.year_built === null ? NA : String(b.year_built)],
  ];
}

/**
 * The property overview (spec records 3.5): a spinner while it loads, 'Error loading overview ):'
 * when it fails, today's date, and a link to the public page when the property has one. `actions`
 * go beside the link (the table's View has Close and Edit).
 */
export function PropertyOverviewPanel({ property, actions }: { property: OverviewTarget; actions?: ReactNode }) {
  const query = useQuery(propertyOverviewQuery(property.id));
  if (query.isPending) return <Spinner label="Loading overview" />;
  if (query.isError) return <Alert>{propertyOverviewMessages.loadFailed}</Alert>;
  return (
    <>
      <dl className="grid grid-cols-[9rem_1fr] gap-x-3 gap-y-1.5 text-sm">
        {rows(query.data.basic).map(([key, label, value]) => (
          <div key={key} className="contents">
            <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 pt-3 text-sm dark:border-slate-700">
        <span className="text-slate-500 dark:text-slate-400">
          As of {new Date().toLocaleDateString("en-US", { dateStyle: "long" })}
        </span>
        <span className="flex items-center gap-3">
          {property.slug ? (
            <a
              href={`/properties/${property.slug}`}
              target="_blank"
              rel="noopener"
              className="font-semibold text-brand-700 hover:underline dark:text-brand-500"
            >
              Open public page
            </a>
          ) : null}
          {actions}
        </span>
      </div>
    </>
  );
}

/** The overview in its own dialog, opened from the header search. */
export function PropertyOverviewDialog({ property, onClose }: { property: OverviewTarget | null; onClose(): void }) {
  return (
    <Dialog
      id="property-overview"
      title={property ? `Property: ${property.name}` : "Property"}
      isOpen={property !== null}
      onClose={onClose}
    >
      {property ? <PropertyOverviewPanel property={property} /> : null}
    </Dialog>
  );
}
