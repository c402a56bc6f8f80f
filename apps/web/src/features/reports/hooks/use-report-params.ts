import type { ReportAddressParam } from "@keyholder/contracts/reports";
import { useEffect, useRef, useState } from "react";
import { registerTabHandlers } from "../../../lib/tab-handlers.ts";

export type ReportParams = Partial<Record<ReportAddressParam, string>>;

/**
 * A report tab's parameters, which a report's address sets (the workspace asks through openReport):
 * another address starts the report over (`opened` changes: a key for it, so the fields' typing
 * goes too); the address the report wrote itself, heard back from the router, changes nothing.
 */
export function useReportParams(tabId: string, keys: readonly ReportAddressParam[]) {
  const [params, setParams] = useState<ReportParams>({});
  const shown = useRef(params);
  shown.current = params;
  const [opened, setOpened] = useState(0);
  useEffect(
    () =>
      registerTabHandlers(tabId, {
        openReport: (_report, p) => {
          const next: ReportParams = Object.fromEntries(keys.map((k) => [k, p[k] || undefined]));
          if (keys.every((k) => next[k] === shown.current[k])) return;
          setParams(next);
          setOpened((n) => n + 1);
        },
      }),
    [tabId, keys],
  );
  return { params, setParams, opened };
}
