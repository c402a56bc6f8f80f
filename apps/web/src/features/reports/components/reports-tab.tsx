import { REPORT_CATALOGUE, type ReportAddressParam } from "@keyholder/contracts/reports";
import type { ReactNode } from "react";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { TabPage } from "../../../components/ui/tab-page.tsx";
import { type ReportParams, useReportParams } from "../hooks/use-report-params.ts";
import { ReportRunsList } from "./report-runs-list.tsx";
import { ReportSchedulesList } from "./report-schedules-list.tsx";

/**
 * A Reports menu entry's tab: a choice of its reports (those the catalogue shows there), the one
 * chosen with its parameters, each opened from a report's address too.
 */
export function ReportsTab({
  tabId,
  item,
  params: keys,
  render,
}: {
  tabId: string;
  /** The Reports menu entry ("Financial"). */
  item: string;
  params: readonly ReportAddressParam[];
  render(report: string, params: ReportParams, onParamsChange: (params: ReportParams) => void): ReactNode;
}) {
  const reports = REPORT_CATALOGUE.filter((r) => r.menu.category === "Reports" && r.menu.item === item);
  const { report, choose, params, setParams, opened } = useReportParams(tabId, keys, reports[0]?.id ?? "");
  return (
    <TabPage>
      <div className="mb-4 max-w-xs">
        <SelectField
          label="Report"
          value={report}
          onChange={choose}
          options={reports.map((r) => ({ value: r.id, label: r.title }))}
        />
      </div>
      <ReportRunsList />
      <ReportSchedulesList />
      <h2 className="mb-4 text-lg font-semibold text-slate-800 dark:text-slate-100">
        {reports.find((r) => r.id === report)?.title}
      </h2>
      <div key={`${report}-${opened}`}>{render(report, params, setParams)}</div>
    </TabPage>
  );
}
