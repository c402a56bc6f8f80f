import { addMonths, monthStart } from "@keyholder/contracts/civil-date";
import type { ReactNode } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { ReportDownloads } from "../../../components/ui/report-downloads.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { reportFileUrl } from "../../../lib/report-file-url.ts";
import { ReportDayField } from "./report-day-field.tsx";
import { ReportPropertyField } from "./report-property-field.tsx";
import { RunInBackground } from "./run-in-background.tsx";

type Params = {
  as_of?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  property_id?: string | undefined;
};

const spanStart = (span: "year" | "month" | "twelve-months", to: string) =>
  span === "year" ? `${to.slice(0, 4)}-01-01` : span === "month" ? monthStart(to) : addMonths(monthStart(to), -11);

/**
 * A report's parameters over it (its day, or the first and last days of its span; the property;
 * any of its own) and its downloads; then what it is doing (loading, or why it failed).
 */
export function ReportParamsBar({
  today,
  span,
  byProperty = true,
  params,
  propertyName,
  onChange,
  fields,
  report,
  address,
  loading,
  error,
}: {
  today: string;
  /**
   * From and To in place of As of, the first day when left out as the report reads it: the year or
   * the month to date, or twelve months (from the first of the month eleven months back).
   */
  span?: "year" | "month" | "twelve-months";
  /** Whether it can be run for one property (not the organization-wide trust accounts). */
  byProperty?: boolean;
  params: Params;
  propertyName: string | undefined;
  onChange(change: Params): void;
  /** The report's own fields, after the days and property. */
  fields?: ReactNode;
  /** The report's id and its parameters as its address and the API take them: its downloads and background run. */
  report: string;
  address: Record<string, string | undefined>;
  /** What is loading ("the rent roll"), or null once it has. */
  loading: string | null;
  error: Error | null;
}) {
  const to = params.to ?? today;
  const columns = !byProperty
    ? "sm:grid-cols-[12rem_1fr]"
    : span
      ? fields
        ? "sm:grid-cols-2 lg:grid-cols-[12rem_12rem_minmax(0,20rem)_minmax(0,18rem)] xl:grid-cols-[12rem_12rem_minmax(0,20rem)_minmax(0,18rem)_1fr]"
        : "sm:grid-cols-[12rem_12rem_minmax(0,20rem)] lg:grid-cols-[12rem_12rem_minmax(0,20rem)_1fr]"
      : fields
        ? "sm:grid-cols-[12rem_minmax(0,20rem)_14rem] lg:grid-cols-[12rem_minmax(0,20rem)_14rem_1fr]"
        : "sm:grid-cols-[12rem_minmax(0,20rem)_1fr]";
  return (
    <>
      <div className={`grid gap-3 ${columns}`}>
        {span ? (
          <>
            <ReportDayField
              label="From"
              value={params.from}
              fallback={spanStart(span, to)}
              onChange={(from) => onChange({ from })}
            />
            <ReportDayField label="To" value={params.to} fallback={today} onChange={(day) => onChange({ to: day })} />
          </>
        ) : (
          <ReportDayField
            label="As of"
            value={params.as_of}
            fallback={today}
            onChange={(as_of) => onChange({ as_of })}
          />
        )}
        {byProperty ? (
          <ReportPropertyField
            propertyId={params.property_id}
            propertyName={propertyName}
            onChange={(property_id) => onChange({ property_id })}
          />
        ) : null}
        {fields}
        <div className="flex flex-wrap items-end gap-2">
          <ReportDownloads url={(f) => reportFileUrl(report, address, f)} />
          <RunInBackground report={report} params={address} />
        </div>
      </div>
      {error ? <Alert>{error.message}</Alert> : null}
      {loading ? <Spinner label={`Loading ${loading}`} /> : null}
    </>
  );
}
