import { existsResponseSchema } from "@keyholder/contracts/auth";
import { api } from "../../../lib/api-client.ts";

export const organizationNameExists = async (name: string, signal: AbortSignal) =>
  (await api("/auth/check-organization-name", { query: { name }, schema: existsResponseSchema, signal })).exists;
