import { SESSION_TTL_HOURS } from "@keyholder/contracts/auth";
import type { FastifyInstance, FastifyReply } from "fastify";

/** httpOnly, SameSite=Lax, whole site; Secure exactly when the name carries the __Host- prefix. */
export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string) {
  reply.setCookie(app.sessionCookieName, token, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: app.sessionCookieName.startsWith("__Host-"),
    maxAge: SESSION_TTL_HOURS * 3600,
  });
}

export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply) {
  reply.clearCookie(app.sessionCookieName, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: app.sessionCookieName.startsWith("__Host-"),
  });
}
