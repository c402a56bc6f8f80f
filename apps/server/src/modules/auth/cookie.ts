import { SESSION_TTL_HOURS } from "@keyholder/contracts/auth";
import { LOGIN_CHALLENGE_MINUTES } from "@keyholder/contracts/two-factor";
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

/** The second step's cookie: the password was right, a code is due (decision 020). */
export const challengeCookieName = (app: FastifyInstance) =>
  app.sessionCookieName.startsWith("__Host-") ? "__Host-kh_2fa" : "kh_2fa";

export function setChallengeCookie(app: FastifyInstance, reply: FastifyReply, token: string) {
  reply.setCookie(challengeCookieName(app), token, {
    httpOnly: true,
    sameSite: "strict",
    path: "/",
    secure: app.sessionCookieName.startsWith("__Host-"),
    maxAge: LOGIN_CHALLENGE_MINUTES * 60,
  });
}

export function clearChallengeCookie(app: FastifyInstance, reply: FastifyReply) {
  reply.clearCookie(challengeCookieName(app), {
    httpOnly: true,
    sameSite: "strict",
    path: "/",
    secure: app.sessionCookieName.startsWith("__Host-"),
  });
}
