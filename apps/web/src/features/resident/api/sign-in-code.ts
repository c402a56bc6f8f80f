import { residentSessionSchema } from "@keyholder/contracts/resident";
import { api } from "../../../lib/api-client.ts";

/** The sign-in's second step: the code of the resident's authenticator app, or one of their recovery codes. */
export const residentSignInCode = (body: { code: string } | { recovery_code: string }) =>
  api("/resident/sign-in/two-factor", {
    method: "POST",
    body,
    schema: residentSessionSchema,
    ownSession: true,
  });
