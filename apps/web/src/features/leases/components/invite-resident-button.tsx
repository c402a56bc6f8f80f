import { residentMessages } from "@keyholder/contracts/resident";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "../../../components/ui/button.tsx";
import { toast } from "../../../components/ui/toast.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { leaseQueryKey } from "../api/get-lease.ts";
import { inviteResident } from "../api/invite-resident.ts";

/** A party's "Invite to Resident Portal": emails them a link to set a password (decision 036). */
export function InviteResidentButton({ leaseId, tenantId, name }: { leaseId: string; tenantId: string; name: string }) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => inviteResident(leaseId, tenantId),
    onSuccess: (answer) => {
      toast({
        title:
          answer.outcome === "lease_added"
            ? residentMessages.leaseAdded(answer.email)
            : residentMessages.invited(answer.email),
        tone: "success",
      });
      void queryClient.invalidateQueries({ queryKey: leaseQueryKey(leaseId) });
    },
    onError: (err) =>
      toast({
        title: err instanceof ApiError ? err.message : "The invitation could not be sent. Please try again.",
        tone: "error",
      }),
  });
  return (
    <Button
      variant="secondary"
      isPending={mutation.isPending}
      onPress={() => mutation.mutate()}
      aria-label={`Invite to Resident Portal: ${name}`}
    >
      Invite to Resident Portal
    </Button>
  );
}
