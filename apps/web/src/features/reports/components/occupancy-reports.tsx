import { useEffect, useRef, useState } from "react";
import { registerTabHandlers, type TableTabProps } from "../../../lib/tab-handlers.ts";
import type { RentRollParams } from "../api/get-rent-roll.ts";
import { RentRoll } from "./rent-roll.tsx";

/**
 * Reports > Occupancy: the rent roll as of any day. A report's address (/workspace?report=rent-roll&...)
 * opens this tab with its parameters (the workspace asks through openReport).
 */
export function OccupancyReports({ tabId }: TableTabProps) {
  const [params, setParams] = useState<RentRollParams>({});
  const shown = useRef(params);
  shown.current = params;
  // Another address starts the report over (the date field's typing included); the address the
  // report wrote itself, heard back from the router, changes nothing.
  const [opened, setOpened] = useState(0);
  useEffect(
    () =>
      registerTabHandlers(tabId, {
        openReport: (_report, p) => {
          const next = { as_of: p.as_of, property_id: p.property_id };
          if (next.as_of === shown.current.as_of && next.property_id === shown.current.property_id) return;
          setParams(next);
          setOpened((n) => n + 1);
        },
      }),
    [tabId],
  );
  return (
    <div className="h-full overflow-y-auto p-4">
      <h2 className="mb-4 text-lg font-semibold text-slate-800 dark:text-slate-100">Rent roll</h2>
      <RentRoll key={opened} params={params} onParamsChange={setParams} />
    </div>
  );
}
