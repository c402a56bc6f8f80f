import { okResponseSchema } from "@keyholder/contracts/password-reset";
import { api } from "../../../lib/api-client.ts";

/** Forgot password: the same answer whatever the address (decision 036, "Getting back in"). */
export const requestResidentPasswordReset = (email: string) =>
  api("/resident/password-resets", { method: "POST", body: { email }, schema: okResponseSchema, ownSession: true });

export const resetResidentPassword = ({ token, password }: { token: string; password: string }) =>
  api(`/resident/password-resets/${encodeURIComponent(token)}`, {
    method: "POST",
    body: { password },
    schema: okResponseSchema,
    ownSession: true,
  });
