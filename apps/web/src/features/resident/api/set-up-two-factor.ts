import { twoFactorSetupSchema } from "@keyholder/contracts/two-factor";
import { api } from "../../../lib/api-client.ts";

export const setUpResidentTwoFactor = () =>
  api("/resident/two-factor/setup", { method: "POST", schema: twoFactorSetupSchema, ownSession: true });
