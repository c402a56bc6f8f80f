import { okResponseSchema } from "@keyholder/contracts/password-reset";
import { api } from "../../../lib/api-client.ts";

export const requestPasswordReset = (email: string) =>
  api("/auth/forgot-password", { method: "POST", body: { email }, schema: okResponseSchema });
