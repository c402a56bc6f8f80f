import { residentSessionSchema } from "@keyholder/contracts/resident";
import { api } from "../../../lib/api-client.ts";

export const residentSignIn = (body: { email: string; password: string }) =>
  api("/resident/sign-in", { method: "POST", body, schema: residentSessionSchema, ownSession: true });
