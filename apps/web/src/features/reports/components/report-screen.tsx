import type { QueryKey, UseQueryOptions } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useReport } from "../hooks/use-report.ts";
import { ReportParamsBar } from "./report-params-bar.tsx";

type Params = Parameters<typeof ReportParamsBar>[0]["params"];

/** ", Elm Court" or ", all properties": what a report's status line says it covers. */
export const coveredBy = (data: { property: { name: string } | null }) =>
  data.property ? `, ${data.property.name}` : ", all properties";

/**
 * A report on screen: its parameters bar (days, property, its own fields, downloads, run in the
 * background), then, once read, a status line saying what it shows and the report itself.
 */
export function ReportScreen<R extends object, K extends QueryKey>({
  report,
  address,
  query,
  params,
  onChange,
  span,
  byProperty = true,
  fields,
  loading,
  status,
  children,
}: {
  report: string;
  /** Its parameters as its address and the API take them. */
  address: Record<string, string | undefined>;
  query: UseQueryOptions<R, Error, R, K>;
  params: Params;
  onChange(change: Params): void;
  span?: "year" | "month" | "twelve-months";
  byProperty?: boolean;
  fields?: ReactNode;
  /** What is loading ("the rent roll"). */
  loading: string;
  status(data: R): ReactNode;
  children(data: R): ReactNode;
}) {
  const { today, result } = useReport(report, address, query);
  const data = result.data;
  return (
    <div className="flex flex-col gap-3">
      <ReportParamsBar
        today={today}
        {...(span ? { span } : {})}
        byProperty={byProperty}
        params={params}
        propertyName={data && "property" in data ? (data.property as { name: string } | null)?.name : undefined}
        onChange={onChange}
        fields={fields}
        report={report}
        address={address}
        loading={result.isPending ? loading : null}
        error={result.error}
      />
      {data ? (
        <>
          <p role="status" className="text-sm text-slate-700 dark:text-slate-200">
            {status(data)}
          </p>
          {children(data)}
        </>
      ) : null}
    </div>
  );
}
