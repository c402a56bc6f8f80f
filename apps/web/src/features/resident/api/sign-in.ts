import { residentSignInAnswerSchema } from "@keyholder/contracts/resident";
import { api } from "../../../lib/api-client.ts";

/** The session, or, with two-factor sign-in on, the call for a code. */
export const residentSignIn = (body: { email: string; password: string }) =>
  api("/resident/sign-in", { method: "POST", body, schema: residentSignInAnswerSchema, ownSession: true });
