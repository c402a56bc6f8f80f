import type { TableTabProps } from "../../../lib/tab-handlers.ts";
import { MaintenanceAging } from "./maintenance-aging.tsx";
import { MaintenanceCompletion } from "./maintenance-completion.tsx";
import { MaintenanceCost } from "./maintenance-cost.tsx";
import { ReportsTab } from "./reports-tab.tsx";

const PARAMS = ["as_of", "from", "to", "property_id"] as const;

/** Reports > Maintenance: the requests open by age, completed on time, and what the work cost. */
export function MaintenanceReports({ tabId }: TableTabProps) {
  return (
    <ReportsTab
      tabId={tabId}
      item="Maintenance"
      params={PARAMS}
      render={(report, params, onParamsChange) =>
        report === "maintenance-completion" ? (
          <MaintenanceCompletion params={params} onParamsChange={onParamsChange} />
        ) : report === "maintenance-cost" ? (
          <MaintenanceCost params={params} onParamsChange={onParamsChange} />
        ) : (
          <MaintenanceAging params={params} onParamsChange={onParamsChange} />
        )
      }
    />
  );
}
