import { sessionSchema } from "@keyholder/contracts/auth";
import type { TwoFactorCode } from "@keyholder/contracts/two-factor";
import { api } from "../api-client.ts";

/** The second step: a code of the authenticator app, or a recovery code; answers the session. */
export const submitTwoFactor = (body: TwoFactorCode) =>
  api("/auth/two-factor", { method: "POST", body, schema: sessionSchema });
