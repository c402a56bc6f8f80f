import { residentTwoFactorStatusSchema } from "@keyholder/contracts/resident";
import { api } from "../../../lib/api-client.ts";

export const disableResidentTwoFactor = (body: { password: string }) =>
  api("/resident/two-factor/disable", {
    method: "POST",
    body,
    schema: residentTwoFactorStatusSchema,
    ownSession: true,
  });
