import { existsResponseSchema } from "@keyholder/contracts/auth";
import { api } from "../../../lib/api-client.ts";

export const emailExists = async (username: string, signal: AbortSignal) =>
  (await api("/auth/exists", { query: { username }, schema: existsResponseSchema, signal })).exists;
