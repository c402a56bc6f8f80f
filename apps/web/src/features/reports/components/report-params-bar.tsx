import type { ReportFormat } from "@keyholder/contracts/reports";
import type { ReactNode } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { ReportDownloads } from "../../../components/ui/report-downloads.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { AsOfAndProperty } from "./as-of-and-property.tsx";

type Params = { as_of?: string | undefined; property_id?: string | undefined };

/**
 * A report's parameters over it (the day, the property, any of its own) and its downloads; then
 * what it is doing (loading, or why it failed).
 */
export function ReportParamsBar({
  today,
  params,
  propertyName,
  onChange,
  fields,
  fileUrl,
  loading,
  error,
}: {
  today: string;
  params: Params;
  propertyName: string | undefined;
  onChange(change: Params): void;
  /** The report's own fields, after the day and property. */
  fields?: ReactNode;
  fileUrl(format: Exclude<ReportFormat, "json">): string;
  /** What is loading ("the rent roll"), or null once it has. */
  loading: string | null;
  error: Error | null;
}) {
  return (
    <>
      <div
        className={`grid gap-3 ${fields ? "sm:grid-cols-[12rem_minmax(0,20rem)_14rem] lg:grid-cols-[12rem_minmax(0,20rem)_14rem_1fr]" : "sm:grid-cols-[12rem_minmax(0,20rem)_1fr]"}`}
      >
        <AsOfAndProperty today={today} params={params} propertyName={propertyName} onChange={onChange} />
        {fields}
        <ReportDownloads url={fileUrl} />
      </div>
      {error ? <Alert>{error.message}</Alert> : null}
      {loading ? <Spinner label={`Loading ${loading}`} /> : null}
    </>
  );
}
