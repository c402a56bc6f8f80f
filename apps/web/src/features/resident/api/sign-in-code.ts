import { residentSessionSchema } from "@keyholder/contracts/resident";
import { api } from "../../../lib/api-client.ts";

/** The sign-in's second step: the code of the resident's authenticator app. */
export const residentSignInCode = (code: string) =>
  api("/resident/sign-in/two-factor", {
    method: "POST",
    body: { code },
    schema: residentSessionSchema,
    ownSession: true,
  });
