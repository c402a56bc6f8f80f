import { todayIn } from "@keyholder/contracts/civil-date";
import { useQuery } from "@tanstack/react-query";
import { organizationSettingsQuery } from "../../../lib/organization-settings.ts";

/** Today in the organization's time zone (the browser's until its settings load). */
export function useOrgToday() {
  const settings = useQuery(organizationSettingsQuery);
  return todayIn(settings.data?.time_zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
}
