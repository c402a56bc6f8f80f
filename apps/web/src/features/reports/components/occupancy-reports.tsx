import { REPORT_CATALOGUE } from "@keyholder/contracts/reports";
import { SelectField } from "../../../components/ui/select-field.tsx";
import type { TableTabProps } from "../../../lib/tab-handlers.ts";
import { useReportParams } from "../hooks/use-report-params.ts";
import { LeaseExpirations } from "./lease-expirations.tsx";
import { RentRoll } from "./rent-roll.tsx";

const PARAMS = ["as_of", "property_id", "days"] as const;
const REPORTS = REPORT_CATALOGUE.filter((r) => r.menu.category === "Reports" && r.menu.item === "Occupancy");

/**
 * Reports > Occupancy: the rent roll and lease expirations as of any day, each opened from a
 * report's address with its parameters.
 */
export function OccupancyReports({ tabId }: TableTabProps) {
  const { report, choose, params, setParams, opened } = useReportParams(tabId, PARAMS, "rent-roll");
  return (
    <div className="h-full overflow-y-auto p-4">
      <div className="mb-4 max-w-xs">
        <SelectField
          label="Report"
          value={report}
          onChange={choose}
          options={REPORTS.map((r) => ({ value: r.id, label: r.title }))}
        />
      </div>
      <h2 className="mb-4 text-lg font-semibold text-slate-800 dark:text-slate-100">
        {REPORTS.find((r) => r.id === report)?.title}
      </h2>
      {report === "lease-expirations" ? (
        <LeaseExpirations
          key={`${report}-${opened}`}
          params={{ ...params, days: params.days ? Number(params.days) : undefined }}
          onParamsChange={(p) => setParams({ ...p, days: p.days?.toString() })}
        />
      ) : (
        <RentRoll key={`${report}-${opened}`} params={params} onParamsChange={setParams} />
      )}
    </div>
  );
}
