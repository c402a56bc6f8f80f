import { okResponseSchema } from "@keyholder/contracts/password-reset";
import { api } from "../../../lib/api-client.ts";

export const resetPassword = (body: { token: string; password: string }) =>
  api("/auth/reset-password", { method: "POST", body, schema: okResponseSchema });
