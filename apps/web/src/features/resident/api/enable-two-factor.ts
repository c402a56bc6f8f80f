import { residentTwoFactorStatusSchema } from "@keyholder/contracts/resident";
import { api } from "../../../lib/api-client.ts";

export const enableResidentTwoFactor = (body: { password: string; code: string }) =>
  api("/resident/two-factor/enable", { method: "POST", body, schema: residentTwoFactorStatusSchema, ownSession: true });
