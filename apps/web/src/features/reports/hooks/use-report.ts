import { todayIn } from "@keyholder/contracts/civil-date";
import type { ReportAddress } from "@keyholder/contracts/reports";
import { type QueryKey, type UseQueryOptions, useQuery } from "@tanstack/react-query";
import { organizationSettingsQuery } from "../../../lib/organization-settings.ts";
import { useReportAddress } from "./use-report-address.ts";

/**
 * A report on screen: the organization's today (a report's day when none is chosen), its
 * parameters kept in the address, and its result, asked for once the organization's time zone is
 * known.
 */
export function useReport<R, K extends QueryKey>(
  report: string,
  address: Omit<ReportAddress, "report">,
  options: UseQueryOptions<R, Error, R, K>,
) {
  const settings = useQuery(organizationSettingsQuery);
  const today = settings.data ? todayIn(settings.data.time_zone) : "";
  useReportAddress(report, address);
  const result = useQuery({ ...options, enabled: Boolean(settings.data) });
  return { today, result };
}
