import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert } from "../../../components/ui/alert.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { organizationSecurityQuery, saveOrganizationSecurity } from "../api/two-factor.ts";

/** The organization's rule: administrators must sign in with two-factor (issue 13, item 7). */
export function OrganizationSecurity() {
  const queryClient = useQueryClient();
  const current = useQuery(organizationSecurityQuery);
  const save = useMutation({
    mutationFn: saveOrganizationSecurity,
    onSuccess: (data) => queryClient.setQueryData(organizationSecurityQuery.queryKey, data),
  });
  if (!current.data) return null;
  return (
    <div className="flex flex-col gap-2">
      {save.isError ? <Alert>{save.error.message}</Alert> : null}
      <Checkbox
        isSelected={current.data.require_two_factor_admins}
        isDisabled={save.isPending}
        onChange={(v) => save.mutate({ require_two_factor_admins: v })}
      >
        Require two-factor sign-in for administrators (those without it are asked to set it up before they work)
      </Checkbox>
    </div>
  );
}
