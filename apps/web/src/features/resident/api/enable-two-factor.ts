import { residentRecoveryCodesSchema } from "@keyholder/contracts/resident-account";
import { api } from "../../../lib/api-client.ts";

/** On, with the password and a code; answers the ten recovery codes, once. */
export const enableResidentTwoFactor = (body: { password: string; code: string }) =>
  api("/resident/two-factor/enable", { method: "POST", body, schema: residentRecoveryCodesSchema, ownSession: true });
