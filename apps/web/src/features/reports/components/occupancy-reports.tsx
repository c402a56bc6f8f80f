import type { TableTabProps } from "../../../lib/tab-handlers.ts";
import { LeaseExpirations } from "./lease-expirations.tsx";
import { OccupancyOverTime } from "./occupancy-over-time.tsx";
import { RentRoll } from "./rent-roll.tsx";
import { ReportsTab } from "./reports-tab.tsx";

const PARAMS = ["as_of", "from", "to", "property_id", "days"] as const;

/** Reports > Occupancy: the rent roll, occupancy month by month and lease expirations. */
export function OccupancyReports({ tabId }: TableTabProps) {
  return (
    <ReportsTab
      tabId={tabId}
      item="Occupancy"
      params={PARAMS}
      render={(report, params, onParamsChange) =>
        report === "occupancy" ? (
          <OccupancyOverTime params={params} onParamsChange={onParamsChange} />
        ) : report === "lease-expirations" ? (
          <LeaseExpirations
            params={{ ...params, days: params.days ? Number(params.days) : undefined }}
            onParamsChange={(p) => onParamsChange({ ...p, days: p.days?.toString() })}
          />
        ) : (
          <RentRoll params={params} onParamsChange={onParamsChange} />
        )
      }
    />
  );
}
