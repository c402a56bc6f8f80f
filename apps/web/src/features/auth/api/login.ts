import { type LoginRequest, sessionSchema } from "@keyholder/contracts/auth";
import { api } from "../../../lib/api-client.ts";

export const login = (body: LoginRequest) => api("/auth/login", { method: "POST", body, schema: sessionSchema });
