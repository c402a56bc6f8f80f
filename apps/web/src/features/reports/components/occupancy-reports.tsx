import type { TableTabProps } from "../../../lib/tab-handlers.ts";
import { useReportParams } from "../hooks/use-report-params.ts";
import { RentRoll } from "./rent-roll.tsx";

const PARAMS = ["as_of", "property_id"] as const;

/** Reports > Occupancy: the rent roll as of any day, opened from a report's address with its parameters. */
export function OccupancyReports({ tabId }: TableTabProps) {
  const { params, setParams, opened } = useReportParams(tabId, PARAMS);
  return (
    <div className="h-full overflow-y-auto p-4">
      <h2 className="mb-4 text-lg font-semibold text-slate-800 dark:text-slate-100">Rent roll</h2>
      <RentRoll key={opened} params={params} onParamsChange={setParams} />
    </div>
  );
}
