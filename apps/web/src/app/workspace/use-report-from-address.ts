import { REPORT_ADDRESS_PARAMS, type ReportAddress, reportOfAddress } from "@keyholder/contracts/reports";
import { useSearch } from "@tanstack/react-router";
import { useEffect } from "react";
import { isOwnAddress } from "../../lib/report-address.ts";
import { requestInWorkspace } from "../../lib/workspace-requests.ts";

interface ReportRequest {
  report: string;
  menu: { category: string; item: string };
  params: Record<string, string>;
}

/** The report address this page acted on, and the one waiting until its tab has shown it. */
let handled: string | undefined;
let waiting: ReportRequest | null = null;

function requestOf(search: ReportAddress): ReportRequest | null {
  const found = reportOfAddress(search);
  if (!found) return null;
  const params: Record<string, string> = {};
  for (const p of REPORT_ADDRESS_PARAMS) {
    const value = search[p];
    if (p !== "report" && value) params[p] = value;
  }
  return { report: found.id, menu: found.menu, params };
}

/**
 * A report's address (/workspace?report=rent-roll&as_of=..., bookmarked or sent by a colleague)
 * opens its Reports tab with those parameters once. As with a record's link, each mount of the
 * workspace asks again until the tab has shown it (the workspace can mount twice after sign-in).
 * The tab then keeps the address up to date itself: what it writes is not a new link.
 */
export function useReportFromAddress() {
  const search = useSearch({ from: "/_authenticated/workspace" });
  const found = requestOf(search);
  // The effect runs again for another address, not for every render's new object.
  const key = found ? JSON.stringify(found) : "";
  useEffect(() => {
    if (key && key !== handled && !isOwnAddress()) {
      handled = key;
      waiting = JSON.parse(key) as ReportRequest;
    }
    const request = waiting;
    if (!request) return;
    requestInWorkspace({
      ...request.menu,
      action: "report",
      report: request.report,
      params: request.params,
      onDone: () => {
        if (waiting === request) waiting = null;
      },
    });
  }, [key]);
}
