import type { ReportAddressParam } from "@keyholder/contracts/reports";
import { useEffect, useRef, useState } from "react";
import { registerTabHandlers } from "../../../lib/tab-handlers.ts";

export type ReportParams = Partial<Record<ReportAddressParam, string>>;

/**
 * A report tab's report and parameters, which a report's address sets (the workspace asks through openReport):
 * another address starts the report over (`opened` changes: a key for it, so the fields' typing
 * goes too); the address the report wrote itself, heard back from the router, changes nothing.
 */
export function useReportParams(tabId: string, keys: readonly ReportAddressParam[], firstReport: string) {
  const [report, setReport] = useState(firstReport);
  const [params, setParams] = useState<ReportParams>({});
  const shown = useRef({ report, params });
  shown.current = { report, params };
  const [opened, setOpened] = useState(0);
  useEffect(
    () =>
      registerTabHandlers(tabId, {
        openReport: (id, p) => {
          const next: ReportParams = Object.fromEntries(keys.map((k) => [k, p[k] || undefined]));
          if (id === shown.current.report && keys.every((k) => next[k] === shown.current.params[k])) return;
          setReport(id);
          setParams(next);
          setOpened((n) => n + 1);
        },
      }),
    [tabId, keys],
  );
  /** Another report of the tab, from its own parameters' start. */
  const choose = (id: string) => {
    setReport(id);
    setParams({});
  };
  return { report, choose, params, setParams, opened };
}
