import { residentTwoFactorStateSchema } from "@keyholder/contracts/resident-account";
import { api } from "../../../lib/api-client.ts";

export const disableResidentTwoFactor = (body: { password: string }) =>
  api("/resident/two-factor/disable", {
    method: "POST",
    body,
    schema: residentTwoFactorStateSchema,
    ownSession: true,
  });
