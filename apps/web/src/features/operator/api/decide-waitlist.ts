import { waitlistDecisionResponseSchema } from "@keyholder/contracts/operator";
import { api } from "../../../lib/api-client.ts";

export const decideWaitlist = ({ id, decision }: { id: string; decision: "approve" | "reject" }) =>
  api(`/operator/waitlist/${encodeURIComponent(id)}/${decision}`, {
    method: "POST",
    schema: waitlistDecisionResponseSchema,
  });
