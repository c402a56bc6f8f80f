import { type ReportAddress, reportAddress } from "@keyholder/contracts/reports";
import { useEffect } from "react";
import { writeAddress } from "../../../lib/report-address.ts";

/**
 * While a report is on screen the address names it and its parameters
 * (/workspace?report=rent-roll&as_of=...), so it can be bookmarked or sent to a colleague; when its
 * tab goes to the background (its effects stop) the address is the workspace's again.
 */
export function useReportAddress(report: string, params: Omit<ReportAddress, "report">) {
  const address = reportAddress(report, params);
  useEffect(() => {
    writeAddress(address);
    return () => writeAddress(window.location.pathname);
  }, [address]);
}
