import type { LoginRequest } from "@keyholder/contracts/auth";
import { loginAnswerSchema } from "@keyholder/contracts/two-factor";
import { api } from "../../../lib/api-client.ts";

/** The password step: the session, or, with two-factor sign-in on, the call for a code. */
export const login = (body: LoginRequest) => api("/auth/login", { method: "POST", body, schema: loginAnswerSchema });
