import { type CreateAccountRequest, createAccountResponseSchema } from "@keyholder/contracts/auth";
import { api } from "../../../lib/api-client.ts";

export const createAccount = (body: CreateAccountRequest) =>
  api("/auth/create-account", { method: "POST", body, schema: createAccountResponseSchema });
