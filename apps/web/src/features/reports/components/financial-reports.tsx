import { REPORT_CATALOGUE } from "@keyholder/contracts/reports";
import { SelectField } from "../../../components/ui/select-field.tsx";
import type { TableTabProps } from "../../../lib/tab-handlers.ts";
import { useReportParams } from "../hooks/use-report-params.ts";
import { Delinquency } from "./delinquency.tsx";
import { DepositRegister } from "./deposit-register.tsx";

const PARAMS = ["as_of", "property_id", "tenants"] as const;
/** The financial reports shown here (the P&L and balance sheet are under Accounting). */
const REPORTS = REPORT_CATALOGUE.filter((r) => r.menu.category === "Reports" && r.menu.item === "Financial");

/** Reports > Financial: delinquency and the deposit register, each opened from a report's address with its parameters. */
export function FinancialReports({ tabId }: TableTabProps) {
  const { report, choose, params, setParams, opened } = useReportParams(tabId, PARAMS, "delinquency");
  const key = `${report}-${opened}`;
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
      {report === "deposit-register" ? (
        <DepositRegister key={key} params={params} onParamsChange={setParams} />
      ) : (
        <Delinquency
          key={key}
          params={{ ...params, tenants: params.tenants as "current" | "past" | undefined }}
          onParamsChange={setParams}
        />
      )}
    </div>
  );
}
