import { residentRecoveryCodesSchema } from "@keyholder/contracts/resident-account";
import { api } from "../../../lib/api-client.ts";

/** Ten new recovery codes (the old ones stop working), with the password; answered once. */
export const newResidentRecoveryCodes = (body: { password: string }) =>
  api("/resident/two-factor/recovery-codes", {
    method: "POST",
    body,
    schema: residentRecoveryCodesSchema,
    ownSession: true,
  });
