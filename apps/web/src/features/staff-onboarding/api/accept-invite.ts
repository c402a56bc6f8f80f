import { sessionSchema } from "@keyholder/contracts/auth";
import type { StaffSignup } from "@keyholder/contracts/staff";
import { loginAnswerSchema } from "@keyholder/contracts/two-factor";
import { z } from "zod";
import { api } from "../../../lib/api-client.ts";

/** Spec accounts 7: POST /api/v1/auth/staff-signup, a new account for the invitation; answers the session. */
export const staffSignup = (body: StaffSignup) =>
  api("/auth/staff-signup", { method: "POST", body, schema: sessionSchema });

/** Accepting with the existing account the invitation was sent to; answers the session. */
export const staffLogin = (body: { invite_guid: string; username: string; password: string }) =>
  api("/auth/staff-login", { method: "POST", body, schema: loginAnswerSchema });

/** An expired link's "send me a new link": the administrator who invited is told. */
export const requestNewLink = (invite_guid: string) =>
  api("/staff/invite/request-new-link", {
    method: "POST",
    body: { invite_guid },
    schema: z.object({ ok: z.literal(true), message: z.string() }),
  });
