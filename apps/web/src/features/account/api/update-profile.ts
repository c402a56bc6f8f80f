import type { UpdateProfileRequest } from "@keyholder/contracts/account";
import { sessionSchema } from "@keyholder/contracts/auth";
import { api } from "../../../lib/api-client.ts";

export const updateProfile = (body: UpdateProfileRequest) =>
  api("/account/profile", { method: "PATCH", body, schema: sessionSchema });
