import { api } from "../../../lib/api-client.ts";

export const changePassword = (body: { current_password: string; new_password: string }) =>
  api("/account/password", { method: "POST", body });
