/** The organization's settings (its time zone), read by the Settings dialog and by the screens that need its today. */
import { type OrganizationSettings, organizationSettingsSchema } from "@keyholder/contracts/organization-settings";
import { queryOptions } from "@tanstack/react-query";
import { api } from "./api-client.ts";

export const organizationSettingsQuery = queryOptions({
  queryKey: ["organization-settings"],
  queryFn: () => api("/organization/settings", { schema: organizationSettingsSchema }),
});

export const saveOrganizationSettings = (body: OrganizationSettings) =>
  api("/organization/settings", { method: "PUT", body, schema: organizationSettingsSchema });
