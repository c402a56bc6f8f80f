import type { TableTabProps } from "../../../lib/tab-handlers.ts";
import { useReportParams } from "../hooks/use-report-params.ts";
import { Delinquency } from "./delinquency.tsx";

const PARAMS = ["as_of", "property_id", "tenants"] as const;

/** Reports > Financial: delinquency and aged receivables, opened from a report's address with its parameters. */
export function FinancialReports({ tabId }: TableTabProps) {
  const { params, setParams, opened } = useReportParams(tabId, PARAMS, "delinquency");
  return (
    <div className="h-full overflow-y-auto p-4">
      <h2 className="mb-4 text-lg font-semibold text-slate-800 dark:text-slate-100">Delinquency</h2>
      <Delinquency
        key={opened}
        params={{ ...params, tenants: params.tenants as "current" | "past" | undefined }}
        onParamsChange={setParams}
      />
    </div>
  );
}
