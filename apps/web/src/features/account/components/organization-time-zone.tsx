import { timeZoneNames } from "@keyholder/contracts/organization-settings";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { SelectField, type SelectOption } from "../../../components/ui/select-field.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { organizationSettingsQuery, saveOrganizationSettings } from "../../../lib/organization-settings.ts";

/** "America/Argentina/Buenos_Aires" under America as "Argentina / Buenos Aires". */
function zoneOptions(): SelectOption[] {
  return timeZoneNames().map((zone) => {
    const [region = zone, ...place] = zone.split("/");
    return {
      value: zone,
      label: (place.length ? place.join(" / ") : zone).replaceAll("_", " "),
      group: place.length ? region : "Other",
    };
  });
}

/**
 * The organization's time zone (issue 27): which day it is for due charges, late fees and accounting
 * periods. Saved as soon as it is chosen.
 */
export function OrganizationTimeZone() {
  const queryClient = useQueryClient();
  const current = useQuery(organizationSettingsQuery);
  const options = useMemo(zoneOptions, []);
  const save = useMutation({
    mutationFn: saveOrganizationSettings,
    onSuccess: (data) => queryClient.setQueryData(organizationSettingsQuery.queryKey, data),
  });
  if (!current.data) return null;
  const fieldErrors = save.error instanceof ApiError ? save.error.fields?.time_zone : undefined;
  return (
    <div className="flex flex-col gap-2">
      <SelectField
        label="Time zone"
        description="The day charges fall due, late fees start and accounting periods end, for everyone in your organization"
        value={current.data.time_zone}
        options={options}
        errors={fieldErrors}
        onChange={(time_zone) => save.mutate({ time_zone })}
      />
      {save.isError && !fieldErrors ? <Alert>{save.error.message}</Alert> : null}
      {save.isSuccess ? <Alert tone="success">Time zone saved: {save.data.time_zone}</Alert> : null}
    </div>
  );
}
